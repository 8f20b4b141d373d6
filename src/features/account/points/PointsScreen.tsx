import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { pointsMachine } from '../../../../machines/account/points.machine';
import { useBrand, useProvided } from '../../../app/hooks';
import { brandText } from '../../../domain/brandText';
import { canSpendPoints, pointsMissing, pointsToDebit } from '../../../domain/points';
import { LoadFailed, Loading } from '../../../ui/LoadFailed';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { points as providedPoints } from './points.provide';
import '../account.css';

export type PointsActor = ActorRefFrom<typeof pointsMachine>;

/** /user/points: the balance, whether it can be spent, how points work, and the brand's questions. */
export function PointsScreen() {
  const actor = useActorRef(useProvided(providedPoints));
  return <PointsView actor={actor} />;
}

export function PointsView({ actor }: { actor: PointsActor }) {
  const { t } = useLingui();
  const snapshot = useSelector(actor, (state) => state);
  const threshold = pointsToDebit(useBrand().pointsInfo.countPointsToDebit);
  useDocumentTitle(t`Points`);
  return (
    <section className="points" aria-labelledby="points-title">
      <h1 id="points-title">
        <Trans>Points</Trans>
      </h1>
      <div className="points__card">
        {snapshot.matches('loading') && <Loading label={t`Loading your points…`} />}
        {snapshot.matches('failed') && (
          <LoadFailed
            text={t`Failed to load your points.`}
            detail={snapshot.context.error?.message}
            onRetry={() => actor.send({ type: 'POINTS.RETRY' })}
          />
        )}
        {snapshot.matches('loaded') && <Balance balance={snapshot.context.balance} threshold={threshold} />}
        <Link className="points__history-link" to="/user/points/history">
          <Trans>Points history</Trans>
        </Link>
      </div>
      <HowItWorks threshold={threshold} />
      <Questions />
    </section>
  );
}

function Balance({ balance, threshold }: { balance: number; threshold: number }) {
  const { i18n } = useLingui();
  const missing = pointsMissing(balance, threshold);
  return (
    <>
      <dl className="points__balance">
        <dt className="points__balance-label">
          <Trans>Your balance</Trans>
        </dt>
        <dd>
          <span className="points__balance-amount">{i18n.number(balance)}</span>{' '}
          <Plural value={balance} one="point" other="points" />
        </dd>
      </dl>
      {balance <= 0 && (
        <p className="points__empty">
          <Trans>No points yet. Points you get will appear here and in your history.</Trans>
        </p>
      )}
      {canSpendPoints(balance, threshold) ? (
        <p className="points__spend points__spend--ready">
          <Trans>You can spend your points.</Trans>
        </p>
      ) : (
        <p className="points__spend">
          <Plural
            value={missing}
            one="# more point to go before you can spend points."
            other="# more points to go before you can spend points."
          />
        </p>
      )}
    </>
  );
}

function HowItWorks({ threshold }: { threshold: number }) {
  const { i18n } = useLingui();
  const brand = useBrand();
  const links = brand.pointsInfo.links;
  return (
    <section className="points__section" aria-labelledby="points-how-title">
      <h2 id="points-how-title">
        <Trans>How it works</Trans>
      </h2>
      <p>
        <Trans>
          Points are added to your balance as top-ups and taken off it as debits; every change is in your
          points history.
        </Trans>
      </p>
      <p>
        <Plural
          value={threshold}
          one="You can spend points once your balance reaches # point."
          other="You can spend points once your balance reaches # points."
        />
      </p>
      {links.length > 0 && (
        <ul className="points__links">
          {links.map((link) => (
            <li key={link.url}>
              <a href={link.url}>{brandText(link.title, i18n.locale, brand.assets.defaultLanguage)}</a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The brand's questions and answers, each opened on its own (native disclosure: keyboard and readers). */
function Questions() {
  const { i18n } = useLingui();
  const brand = useBrand();
  const text = (value: Parameters<typeof brandText>[0]) =>
    brandText(value, i18n.locale, brand.assets.defaultLanguage);
  const faq = brand.pointsInfo.faq.filter((item) => text(item.question) && text(item.answer));
  if (faq.length === 0) return null;
  return (
    <section className="points__section" aria-labelledby="points-faq-title">
      <h2 id="points-faq-title">
        <Trans>Questions and answers</Trans>
      </h2>
      {faq.map((item) => (
        <details key={text(item.question)} className="points__question">
          <summary>{text(item.question)}</summary>
          <p>{text(item.answer)}</p>
        </details>
      ))}
    </section>
  );
}
