import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emailPromptMachine } from '../../machines/account/emailPrompt.machine';
import { GENERIC_ERROR } from '../../machines/forms/formSupport';
import { EmailPromptView } from '../../src/features/account/EmailPromptDialog';
import { done, failed, networkError, requestError, session, user } from '../fixtures';
import { formScreen } from '../formScreen';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { click } from '../userActions';

const taken = requestError(422, 'Please check the highlighted fields.', {
  email: ['This e-mail is already taken.', 'Try another one.'],
});
const withEmail = { ...user, email: 'ada@example.com' };

const spec = {
  machine: emailPromptMachine,
  spec: 'Shell spec §4 rule 7: an account without e-mail is asked for one before a purchase page; Cancel leaves',
  screen: formScreen({
    view: EmailPromptView,
    setting: { session },
    fields: { email: 'E-mail' },
    submit: 'Save',
    busyIn: 'submitting',
    formIn: ['editing', 'submitting'],
    genericError: "Couldn't check your e-mail, can you send it again?",
    errorText: (error) => (error.code === 'required' ? 'Please enter e-mail' : undefined),
    actions: {
      'PROMPT.CANCEL': click('Cancel', { blockedWhen: (snapshot) => snapshot.matches('submitting') }),
    },
    sees: [
      {
        state: 'succeeded',
        see: () => expect(screen.getByRole('dialog', { name: 'Your e-mail' })).toBeTruthy(),
      },
      {
        state: 'cancelled',
        see: () => expect(screen.getByRole('dialog', { name: 'Your e-mail' })).toBeTruthy(),
      },
    ],
  }),
  events: [
    { type: 'FORM.CHANGE', field: 'email', value: 'Ada@Example.com' },
    { type: 'FORM.SUBMIT' },
    { type: 'PROMPT.CANCEL' },
    done('updateEmail', withEmail),
    failed('updateEmail', taken),
    failed('updateEmail', networkError),
  ],
};

describeModel(spec);

async function submitted(email: string) {
  const running = startMachine(spec);
  await running.dispatch({ type: 'FORM.CHANGE', field: 'email', value: email });
  await running.dispatch({ type: 'FORM.SUBMIT' });
  return running;
}

describe('emailPrompt', () => {
  it('needs an e-mail, and a valid one, before anything is sent', async () => {
    const running = startMachine(spec);
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.snapshot().context.errors).toEqual({ email: [{ code: 'required' }] });
    await running.dispatch({ type: 'FORM.CHANGE', field: 'email', value: 'ada@' });
    expect(running.snapshot().context.errors).toEqual({});
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.snapshot().context.errors).toEqual({ email: [{ code: 'email' }] });
    expect(running.snapshot().value).toBe('editing');
    expect(running.fakes.started).toEqual([]);
  });

  it('saves the normalised e-mail, updates the session user and tells the guard', async () => {
    const running = await submitted(' Ada@Example.com ');
    expect(running.fakes.inputOf('updateEmail')).toEqual({ email: 'ada@example.com' });
    await running.dispatch(done('updateEmail', withEmail));
    expect(running.snapshot().value).toBe('succeeded');
    expect(running.effects).toEqual([
      { name: 'updateUser', params: { user: withEmail } },
      { name: 'emailProvided', params: undefined },
    ]);
  });

  it("joins the server's e-mail errors under the field; other failures give the dialog's own text", async () => {
    const rejected = await submitted('ada@example.com');
    await rejected.dispatch(failed('updateEmail', taken));
    expect(rejected.snapshot().value).toBe('editing');
    expect(rejected.snapshot().context).toMatchObject({
      errors: { email: [{ code: 'server', message: 'This e-mail is already taken. Try another one.' }] },
      formError: null,
    });
    // A new attempt starts clean, and a failure without an answer replaces the old errors.
    await rejected.dispatch({ type: 'FORM.SUBMIT' });
    await rejected.dispatch(failed('updateEmail', networkError));
    expect(rejected.snapshot().context).toMatchObject({ errors: {}, formError: GENERIC_ERROR });
    expect(rejected.effects).toEqual([]);
  });

  it('cancelling tells the guard and saves nothing', async () => {
    const running = startMachine(spec);
    await running.dispatch({ type: 'PROMPT.CANCEL' });
    expect(running.snapshot().value).toBe('cancelled');
    expect(running.effects).toEqual([{ name: 'emailCancelled', params: undefined }]);
    expect(running.fakes.started).toEqual([]);
  });

  it('ignores Cancel and a second Save while the e-mail is being saved', async () => {
    const running = await submitted('ada@example.com');
    await running.dispatch({ type: 'PROMPT.CANCEL' });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.snapshot().value).toBe('submitting');
    expect(running.fakes.started.map((actor) => actor.id)).toEqual(['updateEmail']);
  });
});
