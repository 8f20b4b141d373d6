import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { type RefObject, useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { pointsHistoryMachine } from '../../../../machines/account/pointsHistory.machine';
import { useProvided, useSession } from '../../../app/hooks';
import { formatDateTime } from '../../../domain/learning/calendarDates';
import type { PointsEntry } from '../../../domain/points';
import { Button } from '../../../ui/Button';
import { focusLost } from '../../../ui/focusLost';
import { LoadFailed, Loading } from '../../../ui/LoadFailed';
import { Notice } from '../../../ui/Notice';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { BackLink } from '../../shell/BackLink';
import { pointsHistory as providedPointsHistory } from './pointsHistory.provide';
import '../account.css';

export type PointsHistoryActor = ActorRefFrom<typeof pointsHistoryMachine>;

/** /user/points/history: every top-up and debit, newest first, 20 at a time. */
export function PointsHistoryScreen() {
  const actor = useActorRef(useProvided(providedPointsHistory));
  return <PointsHistoryView actor={actor} />;
}

/**
 * "Show more" adds entries below those shown: the focus moves from the button to the first of them,
 * so a keyboard or screen-reader user reads on where the new entries start, and Tab leads to "Show
 * more" again. A page that added nothing keeps the focus on the button, or, when the button went
 * with the last page, gives it to the last entry. A focus the user moved elsewhere meanwhile stays.
 */
function useFocusAfterMore(
  list: RefObject<HTMLOListElement | null>,
  more: RefObject<HTMLButtonElement | null>,
  count: number,
  loadingMore: boolean,
) {
  const countBefore = useRef<number | null>(null);
  useEffect(() => {
    if (loadingMore) {
      countBefore.current = count;
      return;
    }
    const before = countBefore.current;
    countBefore.current = null;
    if (before === null || !list.current) return;
    const onButton = more.current !== null && document.activeElement === more.current;
    if (!onButton && !focusLost()) return;
    const firstNew = list.current.children[before];
    const target = firstNew ?? (onButton ? null : list.current.lastElementChild);
    if (target instanceof HTMLElement) target.focus();
  }, [list, more, count, loadingMore]);
}

export function PointsHistoryView({ actor }: { actor: PointsHistoryActor }) {
  const { t } = useLingui();
  const snapshot = useSelector(actor, (state) => state);
  const { entries, error } = snapshot.context;
  const errorDetail = error?.message ? ` ${error.message}` : '';
  const loadingMore = snapshot.matches({ shown: 'loadingMore' });
  const listRef = useRef<HTMLOListElement>(null);
  const moreRef = useRef<HTMLButtonElement>(null);
  useFocusAfterMore(listRef, moreRef, entries.length, loadingMore);
  useDocumentTitle(t`Points history`);
  return (
    <section className="points" aria-labelledby="points-history-title">
      <BackLink className="points__back" to="/user/points">
        <Trans>Back to points</Trans>
      </BackLink>
      <h1 id="points-history-title">
        <Trans>Points history</Trans>
      </h1>
      {snapshot.matches('loading') && <Loading label={t`Loading your points history…`} />}
      {snapshot.matches('failed') && (
        <LoadFailed
          text={t`Failed to load your points history.`}
          detail={error?.message}
          onRetry={() => actor.send({ type: 'POINTS_HISTORY.RETRY' })}
        />
      )}
      {snapshot.matches('empty') && (
        <p className="points__empty">
          <Trans>No points yet. Top-ups and debits will appear here.</Trans>
        </p>
      )}
      {snapshot.matches('shown') && (
        <>
          <ol ref={listRef} className="card-list" aria-labelledby="points-history-title">
            {entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </ol>
          {/* Says how many entries are shown, so a reader hears that "Show more" added some. */}
          <p className="points__count" role="status">
            <Plural value={entries.length} one="# entry shown" other="# entries shown" />
          </p>
          {/* Always present, so the failure is announced the moment it appears. */}
          <Notice>
            {snapshot.matches({ shown: 'moreFailed' }) && (
              <>
                <Trans>Failed to load more entries.</Trans>
                {errorDetail}
              </>
            )}
          </Notice>
          {!snapshot.matches({ shown: 'complete' }) && (
            <Button
              ref={moreRef}
              variant="secondary"
              busy={loadingMore}
              onClick={() => actor.send({ type: 'POINTS_HISTORY.MORE' })}
            >
              {snapshot.matches({ shown: 'moreFailed' }) ? (
                <Trans>Try again</Trans>
              ) : (
                <Trans>Show more</Trans>
              )}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

/** One entry: its kind in words and by sign (colour only repeats them), the amount and the date. */
function EntryRow({ entry }: { entry: PointsEntry }) {
  const { i18n } = useLingui();
  const timeZone = useSession((snapshot) => snapshot.context.user?.timezone);
  const topUp = entry.kind === 'topUp';
  const amount = i18n.number(entry.amount);
  return (
    // -1: "Show more" may move the focus here (useFocusAfterMore), without adding a tab stop.
    <li className={`points__entry points__entry--${topUp ? 'top-up' : 'debit'}`} tabIndex={-1}>
      <span className="points__entry-kind">{topUp ? <Trans>Top-up</Trans> : <Trans>Debit</Trans>}</span>
      <time className="points__entry-date" dateTime={new Date(entry.updatedAt).toISOString()}>
        {formatDateTime(entry.updatedAt, timeZone)}
      </time>
      <span className="points__entry-amount">
        {/* U+2212, the minus sign: a hyphen reads as a dash. */}
        {topUp ? `+${amount}` : `\u2212${amount}`}
      </span>
    </li>
  );
}
