import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useContext, useSyncExternalStore } from 'react';
import { AppEffectsContext } from '../../app/hooks';
import { MENU_SECTIONS, type MenuSection, sectionLink } from '../../domain/navigationHistory';
import { EMPTY_HISTORY, type NavigationHistory } from '../../domain/navigationVisits';

const noSubscription = () => () => {};
const emptyHistory = () => EMPTY_HISTORY;

/** The app's navigation history (effects.navigationHistory), following every page shown. */
function useNavigationHistory(): NavigationHistory {
  const store = useContext(AppEffectsContext)?.navigationHistory;
  return useSyncExternalStore(store?.subscribe ?? noSubscription, store?.get ?? emptyHistory);
}

/**
 * The menu's section links (content spec, section 2): each leads to the last page the learner
 * visited in its section, else to the section's start page.
 */
export function SectionLinks({ className, onNavigate }: { className: string; onNavigate?: () => void }) {
  const { t } = useLingui();
  const history = useNavigationHistory();
  const labels: Record<MenuSection, string> = {
    home: t`Home`,
    course: t`My courses`,
    chat: t`Chat`,
    task: t`Homework`,
    catalog: t`Catalog`,
    profile: t`Profile`,
  };
  return MENU_SECTIONS.map((section) => (
    <Link
      key={section}
      className={className}
      to={sectionLink(history, section)}
      activeProps={{ 'aria-current': 'page' }}
      onClick={onNavigate}
    >
      {labels[section]}
    </Link>
  ));
}
