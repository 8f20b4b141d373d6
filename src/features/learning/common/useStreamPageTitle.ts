import { useLingui } from '@lingui/react/macro';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { ACCESS_ENDED_TITLE } from './AccessEndedPage';

/**
 * The tab's title of a page of one stream (its calendar, a day, its materials): the heading of the
 * page shown in its place when the stream is not the learner's (CourseNotAvailable) or its access
 * ended (AccessEndedPage), else the page's own title.
 */
export function useStreamPageTitle(
  shown: { notFound: boolean; accessEnded?: boolean },
  ownTitle: string | undefined,
): void {
  const { t, i18n } = useLingui();
  useDocumentTitle(
    shown.notFound
      ? t`This course is not available`
      : shown.accessEnded
        ? i18n._(ACCESS_ENDED_TITLE)
        : ownTitle,
  );
}
