import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { pushPromptMachine } from '../../../../machines/account/pushPrompt.machine';
import { useProvided } from '../../../app/hooks';
import { recordTransitions } from '../../../app/transitionRecorder';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { formErrorText } from '../../../ui/formText';
import { Notice } from '../../../ui/Notice';
import { pushPrompt } from './pushPrompt.provide';

/**
 * The push offer of the signed-in frame (loaded lazily, only for brands with `isPushSupport`): shows
 * the dialog when the machine says so (it counts the pages and the time in view itself).
 */
export function PushPrompt() {
  const actor = useActorRef(useProvided(pushPrompt), { inspect: recordTransitions });
  return <PushPromptView actor={actor} />;
}

export function PushPromptView({ actor }: { actor: ActorRefFrom<typeof pushPromptMachine> }) {
  const { t, i18n } = useLingui();
  const open = useSelector(actor, (snapshot) => snapshot.matches('offering') || snapshot.matches('enabling'));
  const enabling = useSelector(actor, (snapshot) => snapshot.matches('enabling'));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  if (!open) return null;
  const decline = () => {
    if (!enabling) actor.send({ type: 'PROMPT.DECLINE' });
  };
  return (
    <Dialog title={t`Turn on notifications?`} onClose={decline}>
      <p>
        <Trans>
          Get your reminders to learn and news from your school on this device, even when the app is closed.
        </Trans>
      </p>
      <Notice>{formErrorText(i18n, error)}</Notice>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={decline} disabled={enabling}>
          <Trans>Not now</Trans>
        </Button>
        <Button busy={enabling} onClick={() => actor.send({ type: 'PROMPT.ACCEPT' })}>
          <Trans>Turn on</Trans>
        </Button>
      </div>
    </Dialog>
  );
}
