import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { pointsHistoryMachine } from '../../../../machines/account/pointsHistory.machine';
import { useProvided, useSession } from '../../../app/hooks';
import { formatDateTime } from '../../../domain/learning/calendarDates';
import type { PointsEntry } from '../../../domain/points';
import { Button } from '../../../ui/Button';
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

export function PointsHistoryView({ actor }: { actor: PointsHistoryActor }) {
  const { t } = useLingui();
  const snapshot = useSelector(actor, (state) => state);
  const { entries, error } = snapshot.context;
  const errorDetail = error?.message ? ` ${error.message}` : '';
  const loadingMore = snapshot.matches({ shown: 'loadingMore' });
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
          <ol className="card-list" aria-labelledby="points-history-title">
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
    <li className={`points__entry points__entry--${topUp ? 'top-up' : 'debit'}`}>
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
