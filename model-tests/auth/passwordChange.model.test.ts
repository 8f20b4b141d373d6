import { describe, expect, it } from 'vitest';
import { passwordChangeMachine } from '../../machines/auth/passwordChange.machine';
import { GENERIC_ERROR } from '../../machines/forms/formSupport';
import { PasswordChangeView } from '../../src/features/auth/PasswordChangeScreen';
import { done, failed, requestError, serverError, session } from '../fixtures';
import { formScreen } from '../formScreen';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { notice } from '../screenQueries';

const mismatch = requestError(422, 'Check the form', { passwordRepeat: ['New passwords do not match'] });
const wrongCurrent = requestError(422, 'Check the form', { currentPassword: ['Current password is wrong.'] });

const spec = {
  machine: passwordChangeMachine,
  spec: 'Shell spec §4 Forced password change: the new password twice before anything else',
  screen: formScreen({
    view: PasswordChangeView,
    setting: { path: '/user/settings/password', session },
    fields: { password: 'New password', passwordRepeat: 'Repeat new password' },
    submit: 'Save password',
    busyIn: 'submitting',
    formIn: ['editing', 'submitting'],
    sees: [{ state: 'succeeded', see: () => expect(notice()).toBe('') }],
  }),
  events: [
    { type: 'FORM.CHANGE', field: 'password', value: 'new-secret-1' },
    { type: 'FORM.CHANGE', field: 'passwordRepeat', value: 'new-secret-1' },
    { type: 'FORM.SUBMIT' },
    done('updatePassword', session),
    failed('updatePassword', mismatch),
    failed('updatePassword', serverError),
  ],
};

describeModel(spec);

async function submitted() {
  const running = startMachine(spec);
  await running.dispatch({ type: 'FORM.CHANGE', field: 'password', value: 'new-secret-1' });
  await running.dispatch({ type: 'FORM.CHANGE', field: 'passwordRepeat', value: 'new-secret-1' });
  await running.dispatch({ type: 'FORM.SUBMIT' });
  return running;
}

describe('passwordChange', () => {
  it('reports a mismatch before sending', async () => {
    const running = startMachine(spec);
    await running.dispatch({ type: 'FORM.CHANGE', field: 'password', value: 'new-secret-1' });
    await running.dispatch({ type: 'FORM.CHANGE', field: 'passwordRepeat', value: 'new-secret' });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.snapshot().context.errors).toEqual({ passwordRepeat: [{ code: 'newPasswordMismatch' }] });
    expect(running.fakes.started).toEqual([]);
  });

  it('signs in again with the new session and goes home', async () => {
    const running = await submitted();
    expect(running.fakes.inputOf('updatePassword')).toEqual({
      password: 'new-secret-1',
      passwordRepeat: 'new-secret-1',
    });
    await running.dispatch(done('updatePassword', session));
    expect(running.snapshot().status).toBe('done');
    expect(running.effects.map((effect) => effect.name)).toEqual(['signIn', 'goToHome']);
    expect(running.effects[0]?.params).toEqual(session);
  });

  it('shows server errors under the fields, other failures as the generic message', async () => {
    const rejected = await submitted();
    await rejected.dispatch(failed('updatePassword', mismatch));
    expect(rejected.snapshot().context.errors).toEqual({
      passwordRepeat: [{ code: 'server', message: 'New passwords do not match' }],
    });
    expect(rejected.snapshot().context.formError).toBeNull();
    const wrong = await submitted();
    await wrong.dispatch(failed('updatePassword', wrongCurrent));
    // The form has no current-password field, so that error is the form-level message.
    expect(wrong.snapshot().context.errors).toEqual({});
    expect(wrong.snapshot().context.formError).toBe('Current password is wrong.');
    const broken = await submitted();
    await broken.dispatch(failed('updatePassword', serverError));
    expect(broken.snapshot().context.formError).toBe(GENERIC_ERROR);
  });
});
