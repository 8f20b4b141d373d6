import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Language } from '../../../brands/schema';
import type {
  LinkOutcome,
  SocialNetworksInput,
  socialNetworksMachine,
} from '../../../machines/account/socialNetworks.machine';
import { useBrand, useProvided, useSession } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import { type LinkSearch, linkFailureText, linkOutcomeOf } from '../../domain/linkOutcome';
import { NETWORK_NAMES } from '../../domain/socialNetworks';
import type { ExternalAuthSource } from '../../domain/user';
import { Button } from '../../ui/Button';
import { formErrorText } from '../../ui/formText';
import { LoadFailed, Loading } from '../../ui/LoadFailed';
import { Notice } from '../../ui/Notice';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { socialNetworks } from './socialNetworks.provide';
import { UnlinkDialog } from './UnlinkDialog';
import '../account/account.css';

/** Starts the screen's machine with the outcome the address carries. */
function useSocialNetworks() {
  const search = useSearch({ strict: false }) as LinkSearch;
  const hasPassword = useSession((snapshot) => snapshot.context.user?.hasPassword ?? true);
  return useActorRef(useProvided(socialNetworks), {
    input: { outcome: linkOutcomeOf(search), hasPassword } satisfies SocialNetworksInput,
    inspect: recordTransitions,
  });
}

/** /user/social-networks */
export function SocialNetworksScreen() {
  return <SocialNetworksView actor={useSocialNetworks()} />;
}

/** /linksocialnetworks: the same list as a step after sign-up, with Skip or Continue to the home page. */
export function LinkSocialNetworksScreen() {
  return <SocialNetworksView actor={useSocialNetworks()} afterSignUp />;
}

function OutcomeNotice({ outcome }: { outcome: LinkOutcome | null }) {
  const { t, i18n } = useLingui();
  if (!outcome) return <Notice />;
  const network = outcome.network ? NETWORK_NAMES[outcome.network] : t`The social network`;
  if (outcome.status === 'success') {
    return <Notice tone="success">{t`${network} is linked. You can sign in with it now.`}</Notice>;
  }
  // The spec: a link failure shows the server's errorCode and its message, here in the learner's language.
  const text = linkFailureText(outcome, i18n.locale as Language);
  return <Notice>{t`${text} (code: ${outcome.errorCode})`}</Notice>;
}

/** The confirmed unlink, said politely: the learner asked for it, and the focus stays on the row. */
function UnlinkedNotice({ source }: { source: ExternalAuthSource | null }) {
  const { t } = useLingui();
  const network = source ? NETWORK_NAMES[source] : null;
  return (
    <Notice tone="success" polite>
      {network && t`${network} is unlinked.`}
    </Notice>
  );
}

export function SocialNetworksView({
  actor,
  afterSignUp = false,
}: {
  actor: ActorRefFrom<typeof socialNetworksMachine>;
  afterSignUp?: boolean;
}) {
  const { t, i18n } = useLingui();
  const loading = useSelector(actor, (snapshot) => snapshot.matches('loading') || snapshot.matches('start'));
  const failed = useSelector(actor, (snapshot) => snapshot.matches('loadFailed'));
  const redirecting = useSelector(actor, (snapshot) => snapshot.matches('redirecting'));
  const asking = useSelector(
    actor,
    (snapshot) =>
      snapshot.matches('confirming') || snapshot.matches('removing') || snapshot.matches('passwordFirst'),
  );
  const unlinked = useSelector(actor, (snapshot) => snapshot.context.unlinked);
  const networks = useSelector(actor, (snapshot) => snapshot.context.networks);
  const outcome = useSelector(actor, (snapshot) => snapshot.context.outcome);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const home = useBrand().assets.homepage;
  const title = afterSignUp ? t`Link social networks` : t`Social networks`;
  useDocumentTitle(title);

  let body: React.ReactNode;
  if (loading) body = <Loading label={t`Loading your social networks…`} />;
  else if (failed) {
    body = (
      <LoadFailed
        text={t`Could not load your social networks.`}
        detail={formErrorText(i18n, error) ?? undefined}
        onRetry={() => actor.send({ type: 'NETWORKS.RETRY' })}
      />
    );
  } else if (networks.length === 0) {
    body = <p className="social-networks__empty">{t`This site offers no sign-in with social networks.`}</p>;
  } else {
    body = (
      <ul className="social-networks__list">
        {networks.map((network) => {
          const name = NETWORK_NAMES[network.source];
          const linked = network.linkId !== null;
          return (
            <li key={network.source} className="social-networks__item">
              <span className="social-networks__name">{name}</span>
              <span className="social-networks__state">{linked ? t`Linked` : t`Not linked`}</span>
              {linked ? (
                <Button
                  variant="secondary"
                  aria-label={t`Unlink ${name}`}
                  disabled={redirecting}
                  onClick={() => actor.send({ type: 'NETWORKS.UNLINK', source: network.source })}
                >
                  <Trans>Unlink</Trans>
                </Button>
              ) : (
                <Button
                  aria-label={t`Link ${name}`}
                  busy={redirecting}
                  disabled={redirecting}
                  onClick={() => actor.send({ type: 'NETWORKS.LINK', source: network.source })}
                >
                  <Trans>Link</Trans>
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="card card--wide social-networks">
      <h1>{title}</h1>
      <p className="social-networks__intro">
        <Trans>Link a social network to sign in with it instead of your e-mail and password.</Trans>
      </p>
      {/* A failed load has its own notice (with the retry), which takes the page's alert. */}
      {!failed && <OutcomeNotice outcome={outcome} />}
      <UnlinkedNotice source={unlinked} />
      {body}
      {afterSignUp && (
        <div className="form__actions">
          <Link to={home} className="btn btn--block">
            {networks.some((network) => network.linkId !== null) ? t`Continue` : t`Skip`}
          </Link>
        </div>
      )}
      {asking && <UnlinkDialog actor={actor} />}
    </section>
  );
}
