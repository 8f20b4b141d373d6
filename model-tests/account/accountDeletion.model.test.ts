import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountDeletionMachine } from '../../machines/account/accountDeletion.machine';
import { DeleteAccountView } from '../../src/features/account/DeleteAccountScreen';
import { done, failed, serverError, session } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { button, notice } from '../screenQueries';
import { click } from '../userActions';

const spec = {
  machine: accountDeletionMachine,
  spec: 'Shell spec §4 Account deletion: confirm in a dialog, the server message on failure, Cancel goes back',
  screen: {
    view: DeleteAccountView,
    setting: { path: '/delete', session },
    actions: {
      'ACCOUNT.DELETE': click('Delete account'),
      'ACCOUNT.CANCEL': click('Cancel'),
    },
    sees: [
      {
        state: 'confirming',
        see: () => {
          expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeTruthy();
          expect(button('Delete account').getAttribute('aria-busy')).toBeNull();
        },
      },
      {
        state: 'deleting',
        see: () => {
          expect(button('Delete account').getAttribute('aria-busy')).toBe('true');
          expect(button('Cancel').disabled).toBe(true);
        },
      },
      {
        state: 'failed',
        see: () => expect(notice()).toBe(serverError.message),
      },
      // Deleting signs out and leaves for sign-in: the effects do that, the dialog just stays.
      { state: 'deleted', see: () => expect(screen.getByRole('dialog')).toBeTruthy() },
      { state: 'cancelled', see: () => expect(screen.queryByRole('dialog')).toBeNull() },
    ],
  },
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
