import { describe, expect, it } from 'vitest';
import { accountDeletionMachine } from '../machines/accountDeletion.machine';
import { done, failed, serverError } from './fixtures';
import { startMachine } from './harness';
import { describeModel } from './modelSuite';

const spec = {
  machine: accountDeletionMachine,
  events: [
    { type: 'ACCOUNT.DELETE' },
    { type: 'ACCOUNT.CANCEL' },
    done('deleteAccount'),
    failed('deleteAccount', serverError),
  ],
};

describeModel(spec);

describe('accountDeletion', () => {
  it('deletes only after confirmation, then ends the session and goes to login', async () => {
    const running = startMachine(spec);
    expect(running.fakes.started).toEqual([]);
    await running.dispatch({ type: 'ACCOUNT.DELETE' });
    await running.dispatch(done('deleteAccount'));
    expect(running.snapshot().value).toBe('deleted');
    expect(running.effects.map((effect) => effect.name)).toEqual([
      'clearStores',
      'rememberReturnUrl',
      'endSession',
      'goToLogin',
    ]);
  });

  it('keeps the error of a failed deletion, allows a retry, and cancelling leaves everything as it was', async () => {
    const running = startMachine(spec);
    await running.dispatch({ type: 'ACCOUNT.DELETE' });
    await running.dispatch(failed('deleteAccount', serverError));
    expect(running.snapshot().value).toBe('failed');
    expect(running.snapshot().context.error).toEqual(serverError);
    await running.dispatch({ type: 'ACCOUNT.DELETE' });
    expect(running.fakes.started).toHaveLength(2);
    await running.dispatch(failed('deleteAccount', serverError));
    await running.dispatch({ type: 'ACCOUNT.CANCEL' });
    expect(running.snapshot().value).toBe('cancelled');
    expect(running.effects).toEqual([]);
  });
});
