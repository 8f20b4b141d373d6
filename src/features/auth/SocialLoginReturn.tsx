import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Language } from '../../../brands/schema';
import type { SocialLoginInput, socialLoginMachine } from '../../../machines/auth/socialLogin.machine';
import { useProvided } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import { isSocialErrorCode, socialErrorText } from '../../domain/socialErrors';
import { isExternalAuthSource } from '../../domain/socialNetworks';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { formErrorText } from '../../ui/formText';
import { socialLogin } from './socialLogin.provide';

/** The outcome the server put in the address; anything but a success with a code is a failure. */
function outcomeOf(query: URLSearchParams): SocialLoginInput {
  const search = Object.fromEntries(query) as Record<string, string | undefined>;
  const network = search.network && isExternalAuthSource(search.network) ? search.network : null;
  if (search.status === 'success' && search.code) return { status: 'success', code: search.code, network };
  return {
    status: 'fail',
    errorCode: search.errorCode ?? 'unknown_error',
    errorMessage: search.errorMessage ?? '',
    network,
  };
}

/**
 * The sign-in page's handling of `action=login` (loaded only when the address carries it): trades a
 * success's code for the session, or shows the "Error" dialog with the mapped message.
 */
export function SocialLoginReturn() {
  const actor = useActorRef(useProvided(socialLogin), {
    input: outcomeOf(new URLSearchParams(location.search)),
    inspect: recordTransitions,
  });
  return <SocialLoginReturnView actor={actor} />;
}

export function SocialLoginReturnView({ actor }: { actor: ActorRefFrom<typeof socialLoginMachine> }) {
  const { t, i18n } = useLingui();
  const exchanging = useSelector(
    actor,
    (snapshot) => snapshot.matches('exchanging') || snapshot.matches('signedIn'),
  );
  const failure = useSelector(actor, (snapshot) =>
    snapshot.matches('failed') ? snapshot.context.failure : null,
  );
  if (exchanging) {
    return (
      <p className="notice" role="status">
        <Trans>Signing you in…</Trans>
      </p>
    );
  }
  if (!failure) return null;
  const language = i18n.locale as Language;
  const network = failure.network ?? undefined;
  // The spec's codes have their own text; an unknown one is shown with its code and the server's message.
  const code = isSocialErrorCode(failure.code) ? failure.code : 'unknown_error';
  const text = socialErrorText(code, language, network);
  const detail = code === 'unknown_error' ? (formErrorText(i18n, failure.message) ?? '') : null;
  const dismiss = () => actor.send({ type: 'SOCIAL.DISMISS' });
  return (
    <Dialog title={t`Error`} onClose={dismiss}>
      <p>{text}</p>
      {detail !== null && (
        <p>
          <Trans>
            Code: {failure.code}. {detail}
          </Trans>
        </p>
      )}
      <div className="dialog__actions">
        <Button onClick={dismiss}>
          <Trans>OK</Trans>
        </Button>
      </div>
    </Dialog>
  );
}
