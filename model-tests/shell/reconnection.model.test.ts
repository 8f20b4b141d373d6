import { describe, expect, it } from 'vitest';
import { reconnectionMachine } from '../../machines/shell/reconnection.machine';
import { STATISTICS_RETRY_MAX_MS } from '../../src/domain/statisticsQueue';
import { ReconnectionView } from '../../src/features/shell/Reconnection';
import { done, failed, networkError, session } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';

/** The host draws nothing: the offline banner is the app frame's. */
const drawsNothing = () => expect(document.body.textContent).toBe('');

const spec = {
  machine: reconnectionMachine,
  spec: 'Shell spec, app start: "Online/offline status is tracked"; offline, the app asks the server again by itself',
  screen: {
    view: ReconnectionView,
    setting: { path: '/home', session },
    actions: {},
    sees: [
      { state: 'waiting', see: drawsNothing },
      { state: 'probing', see: drawsNothing },
    ],
  },
  events: [done('probe', { isEnabled: true }), failed('probe', networkError)],
};

describeModel(spec);

describe('reconnection', () => {
  it('probes after 2 s, then after waits that double up to a minute', async () => {
    const running = startMachine(spec);
    const waits: number[] = [];
    for (let probe = 0; probe < 7; probe += 1) {
      let waited = 0;
      while (running.snapshot().value === 'waiting') {
        running.clock.increment(1000);
        waited += 1000;
        await running.settle();
      }
      waits.push(waited);
      await running.dispatch(failed('probe', networkError));
    }
    expect(waits).toEqual([
      2000,
      4000,
      8000,
      16_000,
      32_000,
      STATISTICS_RETRY_MAX_MS,
      STATISTICS_RETRY_MAX_MS,
    ]);
  });

  it('a probe answered from the offline cache waits longer too', async () => {
    const running = startMachine(spec);
    running.clock.increment(2000);
    await running.settle();
    await running.dispatch(done('probe', { isEnabled: true }));
    expect(running.snapshot().value).toBe('waiting');
    expect(running.snapshot().context.failures).toBe(1);
    running.clock.increment(3999);
    await running.settle();
    expect(running.snapshot().value).toBe('waiting');
    running.clock.increment(1);
    await running.settle();
    expect(running.snapshot().value).toBe('probing');
  });
});
