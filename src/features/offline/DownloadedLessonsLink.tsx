import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useBrand } from '../../app/hooks';
import { useAppOffline } from './useDownloads';

/**
 * The way out of a page that could not load without a network: downloaded lessons still play. Shown
 * only while offline, on a brand that offers downloads.
 */
export function DownloadedLessonsLink() {
  const offline = useAppOffline();
  const offered = useBrand().flags.isOfflineEnable;
  if (!offline || !offered) return null;
  return (
    <Link className="downloaded-lessons-link" to="/user/downloads">
      <Trans>Watch your downloaded lessons</Trans>
    </Link>
  );
}
