import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useApp, useBrand } from '../../app/hooks';
import { useAppOffline } from './useDownloads';

/**
 * The way out of a page that could not load without a network: downloaded lessons still play. Shown
 * only while offline, on a brand that offers downloads. Offered by a page's own load error
 * (`inPage`) unless the frame's notice offers it already (the app's data failed too): once a page.
 */
export function DownloadedLessonsLink({ inPage = false }: { inPage?: boolean }) {
  const offline = useAppOffline();
  const offered = useBrand().flags.isOfflineEnable;
  const frameOffers = useApp((snapshot) => snapshot.matches({ data: 'fail' }));
  if (!offline || !offered || (inPage && frameOffers)) return null;
  return (
    <Link className="downloaded-lessons-link" to="/user/downloads">
      <Trans>Watch your downloaded lessons</Trans>
    </Link>
  );
}
