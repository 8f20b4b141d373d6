import { Trans, useLingui } from '@lingui/react/macro';
import { useMatches } from '@tanstack/react-router';
import { SECTION_TITLES } from '../../app/sectionTitles';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

/** The one page every section that later work owns shows for now, titled with the section's name. */
export function NotBuiltYetPage() {
  const { i18n } = useLingui();
  const name = useMatches({ select: (matches) => matches.at(-1)?.staticData.name });
  const title = name ? SECTION_TITLES[name] : undefined;
  useDocumentTitle(title && i18n._(title));
  return (
    <section className="panel">
      {title && <h1>{i18n._(title)}</h1>}
      <p className="muted">
        <Trans>This section is not built yet.</Trans>
      </p>
    </section>
  );
}
