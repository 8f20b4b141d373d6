import { describe, expect, it } from 'vitest';
import { supportFormMachine } from '../../machines/auth/supportForm.machine';
import { GENERIC_ERROR } from '../../machines/forms/formSupport';
import { SUPPORT_MESSAGE_MAX_LENGTH } from '../../src/domain/limits';
import { SupportFormView } from '../../src/features/auth/SupportForm';
import { done, failed, requestError, serverError } from '../fixtures';
import { formScreen } from '../formScreen';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { notice } from '../screenQueries';
import { click } from '../userActions';

const tooLong = requestError(422, 'Check the form', { message: ['Message is too long.'] });

const spec = {
  machine: supportFormMachine,
  spec: 'Shell spec §2 Support form for guests: name, e-mail and a message of at most 500 characters',
  screen: formScreen({
    view: SupportFormView,
    fields: { name: 'Name', email: 'E-mail', message: 'Message' },
    submit: 'Send',
    busyIn: 'sending',
    formIn: ['editing', 'sending', 'failed'],
    genericError: 'Failed to send the message. Try again later',
    submitBlockedWhen: ({ context }) => context.message.trim() === '',
    actions: {
      'FORM.RESET': click('Write another message', { blockedWhen: (snapshot) => !snapshot.matches('sent') }),
    },
    sees: [{ state: 'sent', see: () => expect(notice()).toBe('Your message has been sent') }],
  }),
  events: [
    { type: 'FORM.CHANGE', field: 'name', value: 'Ada' },
    { type: 'FORM.CHANGE', field: 'email', value: 'ada@example.com' },
    { type: 'FORM.CHANGE', field: 'message', value: 'I cannot sign in' },
    { type: 'FORM.SUBMIT' },
    { type: 'FORM.RESET' },
    done('sendSupportQuestion'),
    failed('sendSupportQuestion', tooLong),
    failed('sendSupportQuestion', serverError),
  ],
};

describeModel(spec);

async function filledIn(input?: { supportCategoryId: number }) {
  const running = startMachine(spec, input);
  await running.dispatch({ type: 'FORM.CHANGE', field: 'name', value: ' Ada ' });
  await running.dispatch({ type: 'FORM.CHANGE', field: 'email', value: 'Ada@Example.com' });
  await running.dispatch({ type: 'FORM.CHANGE', field: 'message', value: 'I cannot sign in' });
  return running;
}

describe('supportForm', () => {
  it('sends nothing while a field is empty, the e-mail is invalid or the message is too long', async () => {
    const running = startMachine(spec);
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.snapshot().context.errors).toEqual({
      name: [{ code: 'required' }],
      email: [{ code: 'required' }],
      message: [{ code: 'required' }],
    });
    await running.dispatch({ type: 'FORM.CHANGE', field: 'name', value: 'Ada' });
    await running.dispatch({ type: 'FORM.CHANGE', field: 'email', value: 'ada@' });
    await running.dispatch({
      type: 'FORM.CHANGE',
      field: 'message',
      value: 'x'.repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1),
    });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.snapshot().context.errors).toEqual({
      email: [{ code: 'email' }],
      message: [{ code: 'maxLength', max: 500 }],
    });
    expect(running.fakes.started).toEqual([]);
  });

  it('sends the trimmed question with its category', async () => {
    const running = await filledIn({ supportCategoryId: 10 });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.fakes.inputOf('sendSupportQuestion')).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      message: 'I cannot sign in',
      supportCategoryId: 10,
    });
    await running.dispatch(done('sendSupportQuestion'));
    expect(running.snapshot().value).toBe('sent');
  });

  it('a failure can be retried as is; an edit goes back to the form', async () => {
    const running = await filledIn();
    await running.dispatch({ type: 'FORM.SUBMIT' });
    await running.dispatch(failed('sendSupportQuestion', serverError));
    expect(running.snapshot().value).toBe('failed');
    expect(running.snapshot().context.formError).toBe(GENERIC_ERROR);
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.snapshot().value).toBe('sending');
    await running.dispatch(failed('sendSupportQuestion', serverError));
    await running.dispatch({ type: 'FORM.CHANGE', field: 'message', value: '' });
    expect(running.snapshot().value).toBe('editing');
  });

  it('puts server field errors under their fields', async () => {
    const running = await filledIn();
    await running.dispatch({ type: 'FORM.SUBMIT' });
    await running.dispatch(failed('sendSupportQuestion', tooLong));
    expect(running.snapshot().value).toBe('editing');
    expect(running.snapshot().context.errors).toEqual({
      message: [{ code: 'server', message: 'Message is too long.' }],
    });
  });

  it('FORM.RESET empties the message for a next question and keeps name and e-mail', async () => {
    const running = await filledIn();
    await running.dispatch({ type: 'FORM.SUBMIT' });
    await running.dispatch(done('sendSupportQuestion'));
    await running.dispatch({ type: 'FORM.RESET' });
    expect(running.snapshot().value).toBe('editing');
    expect(running.snapshot().context).toMatchObject({
      name: ' Ada ',
      email: 'Ada@Example.com',
      message: '',
    });
  });
});
