import { Trans, useLingui } from '@lingui/react/macro';
import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { accountDeletionMachine } from '../../../machines/account/accountDeletion.machine';
import { useBrand, useProvided } from '../../app/hooks';
import { recordTransitions } from '../../app/transitionRecorder';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Notice } from '../../ui/Notice';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { accountDeletion } from './accountDeletion.provide';

/** /delete: confirm, delete the account, and leave for sign-in; Cancel goes back. */
export function DeleteAccountScreen() {
  const actor = useActorRef(useProvided(accountDeletion), { inspect: recordTransitions });
  return <DeleteAccountView actor={actor} />;
}

export function DeleteAccountView({
  actor: deletion,
}: {
  actor: ActorRefFrom<typeof accountDeletionMachine>;
}) {
  const { t } = useLingui();
  const title = t`Delete your account?`;
  useDocumentTitle(title);
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const brand = useBrand();
  const deleting = useSelector(deletion, (snapshot) => snapshot.matches('deleting'));
  const failed = useSelector(deletion, (snapshot) => snapshot.matches('failed'));
  const serverMessage = useSelector(deletion, (snapshot) => snapshot.context.error?.message ?? '');
  const cancel = () => {
    deletion.send({ type: 'ACCOUNT.CANCEL' });
    if (canGoBack) router.history.back();
    else void router.navigate({ to: brand.assets.homepage, replace: true });
  };
  return (
    <Dialog title={title} onClose={cancel}>
      <p>
        <Trans>Your courses, progress and points will no longer be available. This cannot be undone.</Trans>
      </p>
      {failed && <Notice>{serverMessage || t`Failed to delete the account. Try again later`}</Notice>}
      <div className="dialog__actions">
        <Button variant="secondary" onClick={cancel} disabled={deleting}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          className="btn--danger"
          busy={deleting}
          onClick={() => deletion.send({ type: 'ACCOUNT.DELETE' })}
        >
          <Trans>Delete account</Trans>
        </Button>
      </div>
    </Dialog>
  );
}
