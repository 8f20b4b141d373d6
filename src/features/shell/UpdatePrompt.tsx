import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { appUpdateMachine } from '../../../machines/shell/appUpdate.machine';
import { useAppActor } from '../../app/hooks';
import { Button } from '../../ui/Button';

type AppUpdateActor = ActorRefFrom<typeof appUpdateMachine>;

/** "A new version is available": shown while a new version waits, until reloaded or put off. */
export default function UpdatePrompt() {
  const updates: AppUpdateActor | undefined = useAppActor().system.get('appUpdate');
  const shown = useSelector(
    updates,
    (snapshot) => snapshot?.matches('available') || snapshot?.matches('applying'),
  );
  const applying = useSelector(updates, (snapshot) => snapshot?.matches('applying') ?? false);
  if (!updates || !shown) return null;
  return (
    <section className="update-prompt" role="status" aria-live="polite">
      <p className="update-prompt__text">
        <Trans>A new version is available</Trans>
      </p>
      <div className="update-prompt__actions">
        <Button busy={applying} onClick={() => updates.send({ type: 'UPDATE.RELOAD' })}>
          <Trans>Reload</Trans>
        </Button>
        <Button
          variant="secondary"
          disabled={applying}
          onClick={() => updates.send({ type: 'UPDATE.DISMISS' })}
        >
          <Trans>Later</Trans>
        </Button>
      </div>
    </section>
  );
}
