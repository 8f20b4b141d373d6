import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { appUpdateMachine } from '../../../machines/shell/appUpdate.machine';
import { Button } from '../../ui/Button';

export type AppUpdateActor = ActorRefFrom<typeof appUpdateMachine>;

/**
 * "A new version is available", with Reload and Later. The frame shows it while a new version waits
 * (or is taking over) and loads it only then.
 */
export default function UpdatePrompt({ updates }: { updates: AppUpdateActor }) {
  const applying = useSelector(updates, (snapshot) => snapshot.matches('applying'));
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
