import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  APPLY_TIMEOUT_MS,
  type AppUpdateInput,
  appUpdateMachine,
  type ServiceWorkerCommand,
} from '../../machines/shell/appUpdate.machine';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';

const spec = {
  machine: appUpdateMachine,
  spec: 'Offline and PWA: a new version waits until the learner reloads ("A new version is available"), or puts it off until a newer one',
  inputs: [{ offlineEnabled: true }],
  events: [
    { type: 'UPDATE.WAITING' },
    { type: 'UPDATE.CONTROLLING' },
    { type: 'UPDATE.RELOAD' },
    { type: 'UPDATE.DISMISS' },
  ],
};

describeModel(spec);

describe('app update', () => {
  it('asks the waiting worker to take over, and reloads once it controls the page', async () => {
    const commands: ServiceWorkerCommand[] = [];
    let reloads = 0;
    const actor = createActor(
      appUpdateMachine.provide({
        actors: {
          watchServiceWorker: fromCallback<ServiceWorkerCommand, AppUpdateInput>(({ receive, sendBack }) => {
            receive((command) => commands.push(command));
            sendBack({ type: 'UPDATE.WAITING' });
          }),
        },
        actions: {
          reloadPage: () => {
            reloads += 1;
          },
        },
      }),
      { input: { offlineEnabled: false } },
    ).start();
    expect(actor.getSnapshot().value).toBe('available');
    actor.send({ type: 'UPDATE.RELOAD' });
    expect(commands).toEqual([{ type: 'ACTIVATE_WAITING' }]);
    expect(reloads).toBe(0);
    actor.send({ type: 'UPDATE.CONTROLLING' });
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(reloads).toBe(1);
  });

  it('reloads anyway when the waiting worker never takes over', async () => {
    const running = startMachine(spec, { offlineEnabled: true });
    await running.dispatch({ type: 'UPDATE.WAITING' });
    await running.dispatch({ type: 'UPDATE.RELOAD' });
    running.clock.increment(APPLY_TIMEOUT_MS - 1);
    expect(running.snapshot().value).toBe('applying');
    running.clock.increment(1);
    expect(running.snapshot().value).toBe('reloading');
    expect(running.effects.map((call) => call.name)).toContain('reloadPage');
  });

  it('puts a dismissed version off until a newer one waits', async () => {
    const running = startMachine(spec, { offlineEnabled: true });
    await running.dispatch({ type: 'UPDATE.WAITING' });
    await running.dispatch({ type: 'UPDATE.DISMISS' });
    expect(running.snapshot().value).toBe('dismissed');
    await running.dispatch({ type: 'UPDATE.CONTROLLING' });
    expect(running.snapshot().value).toBe('dismissed');
    await running.dispatch({ type: 'UPDATE.WAITING' });
    expect(running.snapshot().value).toBe('available');
  });
});
