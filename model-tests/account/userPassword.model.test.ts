import { describe, expect, it } from 'vitest';
import { userPasswordMachine } from '../../machines/account/userPassword.machine';
import { GENERIC_ERROR } from '../../machines/forms/formSupport';
import { PASSWORD_MIN_LENGTH } from '../../src/domain/limits';
import { UserPasswordView } from '../../src/features/account/UserPasswordScreen';
import { done, failed, requestError, serverError, session } from '../fixtures';
import { formScreen } from '../formScreen';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { notice } from '../screenQueries';

const wrongCurrent = requestError(422, 'Check the form', {
  currentPassword: ['The current password is incorrect.'],
});

const spec = {
  machine: userPasswordMachine,
  spec: 'Shell spec §2 userPassword, §5 Password change: the current password, the new one twice (sign-up rules); other sessions end',
  inputs: [{ hasPassword: true }],
  screen: formScreen({
    view: UserPasswordView,
    setting: { path: '/user/settings/password', session },
    fields: {
      currentPassword: 'Current password',
      password: 'New password',
      passwordRepeat: 'Repeat new password',
    },
    submit: 'Save password',
    busyIn: 'submitting',
    formIn: ['editing', 'submitting'],
    sees: [{ state: 'changed', see: () => expect(notice()).toBe('') }],
  }),
  events: [
    { type: 'FORM.CHANGE', field: 'currentPassword', value: 'old-secret-1' },
    { type: 'FORM.CHANGE', field: 'password', value: 'new-secret-1' },
    { type: 'FORM.CHANGE', field: 'passwordRepeat', value: 'new-secret-1' },
    { type: 'FORM.SUBMIT' },
    done('updatePassword', session),
    failed('updatePassword', wrongCurrent),
    failed('updatePassword', serverError),
  ],
};

describeModel(spec);

/** An account made with a social network sets its first password: no current one is asked. */
const firstPasswordSpec = {
  ...spec,
  spec: 'Shell spec §5 Password change, for an account made with a social network: the new password twice, no current one',
  inputs: [{ hasPassword: false }],
  screen: formScreen({
    view: UserPasswordView,
    setting: { path: '/user/settings/password', session },
    fields: { password: 'New password', passwordRepeat: 'Repeat new password' },
    submit: 'Save password',
    busyIn: 'submitting',
    formIn: ['editing', 'submitting'],
    sees: [{ state: 'changed', see: () => expect(notice()).toBe('') }],
  }),
  events: spec.events.filter((event) => !('field' in event && event.field === 'currentPassword')),
};

describeModel(firstPasswordSpec);

async function filled(fields: Record<string, string>, hasPassword = true) {
  const running = startMachine(spec, { hasPassword });
  for (const [field, value] of Object.entries(fields)) {
    await running.dispatch({ type: 'FORM.CHANGE', field, value });
  }
  return running;
}

const complete = {
  currentPassword: 'old-secret-1',
  password: 'new-secret-1',
  passwordRepeat: 'new-secret-1',
};

describe('userPassword', () => {
  it('sets a first password without a current one on an account that has none', async () => {
    const running = await filled({ password: 'new-secret-1', passwordRepeat: 'new-secret-1' }, false);
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.snapshot().context.errors).toEqual({});
    expect(running.fakes.inputOf('updatePassword')).toEqual({
      currentPassword: '',
      password: 'new-secret-1',
      passwordRepeat: 'new-secret-1',
    });
  });

  it('asks for the current password and checks the new pair before sending', async () => {
    const running = await filled({ password: 'short', passwordRepeat: 'other' });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.snapshot().context.errors).toEqual({
      currentPassword: [{ code: 'required' }],
      password: [{ code: 'minLength', min: PASSWORD_MIN_LENGTH }],
      passwordRepeat: [{ code: 'newPasswordMismatch' }],
    });
    expect(running.fakes.started).toEqual([]);
  });

  it('sends the three fields, signs in with the new session and returns to the settings', async () => {
    const running = await filled(complete);
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.fakes.inputOf('updatePassword')).toEqual(complete);
    await running.dispatch(done('updatePassword', session));
    expect(running.snapshot().status).toBe('done');
    expect(running.effects.map((effect) => effect.name)).toEqual(['signIn', 'returnToSettings']);
    expect(running.effects[0]?.params).toEqual(session);
  });

  it('shows a wrong current password under that field, other failures as the generic message', async () => {
    const wrong = await filled(complete);
    await wrong.dispatch({ type: 'FORM.SUBMIT' });
    await wrong.dispatch(failed('updatePassword', wrongCurrent));
    expect(wrong.snapshot().context.errors).toEqual({
      currentPassword: [{ code: 'server', message: 'The current password is incorrect.' }],
    });
    expect(wrong.snapshot().context.formError).toBeNull();
    expect(wrong.effects).toEqual([]);
    const broken = await filled(complete);
    await broken.dispatch({ type: 'FORM.SUBMIT' });
    await broken.dispatch(failed('updatePassword', serverError));
    expect(broken.snapshot().context.formError).toBe(GENERIC_ERROR);
  });
});
