import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { supportMachine } from '../../machines/support/support.machine';
import { NO_CHOICE, NOT_ABOUT_A_COURSE, type SupportChoice } from '../../src/domain/support';
import { SupportView } from '../../src/features/support/SupportScreen';
import { done, failed, networkError, networkReturned, requestError, serverError, session } from '../fixtures';
import { formScreen } from '../formScreen';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { button, hasButton, notice } from '../screenQueries';
import { click, networkReturns, type UserAction } from '../userActions';

const TECHNICAL = 1;
const RENEWAL = 7;
const STREAM = 11;

const lists = {
  categories: [
    { id: TECHNICAL, sort: 1, title: 'Technical problem' },
    { id: RENEWAL, sort: 2, title: 'Renewal' },
  ],
  courses: [{ streamId: STREAM, title: 'Morning yoga' }],
};
const titleOf = (categoryId: number | null) => lists.categories.find((c) => c.id === categoryId)?.title ?? '';

const tooLong = requestError(422, 'Check the form', { message: ['Must be at most 500 characters.'] });

const select = (choice: SupportChoice) => ({ type: 'SUPPORT.SELECT', choice });

/**
 * The control that makes a choice in one tap from where the learner is: a topic or a course in its
 * list, "Change topic" / "Back to support" for no choice, "Change course" for the topic alone.
 */
function choiceControl(event: AnyEventObject): HTMLElement {
  const { categoryId, course } = event.choice as SupportChoice;
  if (categoryId === null)
    return hasButton('Change topic') ? button('Change topic') : button('Back to support');
  if (course === null && screen.queryByRole('heading', { name: 'What is your question about?' }))
    return button(titleOf(categoryId));
  // Past the topics, only the topic already chosen can be kept.
  if (shownTopic() !== titleOf(categoryId))
    throw new Error(`the chosen topic is not “${titleOf(categoryId)}”`);
  if (course === null) return button('Change course');
  return course === NOT_ABOUT_A_COURSE ? button('Not about a course') : button('Morning yoga');
}

/** The topic the summary shows as chosen. */
const shownTopic = () => screen.queryByText('Topic', { selector: 'dt' })?.nextElementSibling?.textContent;

function choiceBlocked(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  const wanted = event.choice as SupportChoice;
  const current = snapshot.context.choice as SupportChoice;
  if (snapshot.matches({ ready: 'sent' })) return wanted.categoryId !== null;
  if (wanted.categoryId === null) return current.categoryId === null;
  if (wanted.course === null)
    return !(
      snapshot.matches({ ready: 'choosingTopic' }) ||
      (current.categoryId === wanted.categoryId && current.course !== null)
    );
  return !(snapshot.matches({ ready: 'choosingCourse' }) && current.categoryId === wanted.categoryId);
}

const chooses: UserAction = {
  words: (event) => {
    const { categoryId, course } = event.choice as SupportChoice;
    if (categoryId === null) return 'the user goes back to the topics';
    if (course === null) return `the user chooses the topic “${titleOf(categoryId)}”`;
    return course === NOT_ABOUT_A_COURSE
      ? 'the user chooses “Not about a course”'
      : 'the user chooses “Morning yoga”';
  },
  control: choiceControl,
  perform: (user, event) => user.click(choiceControl(event)),
  blockedWhen: choiceBlocked,
};

const messageStates = [{ ready: 'composing' }, { ready: 'sending' }, { ready: 'sendFailed' }] as const;

const spec = {
  machine: supportMachine,
  spec: 'Content spec "Support category", "Tech question"; shell spec §5: topic, course, a message of at most 500 characters (send disabled while empty or sending), one-tap renewal, the message-sent alert, the load error',
  inputs: [
    { renewalCategoryIds: [RENEWAL], choice: NO_CHOICE },
    // A link from another screen straight to a renewal of a course.
    { renewalCategoryIds: [RENEWAL], choice: { categoryId: RENEWAL, course: STREAM } },
  ],
  screen: formScreen({
    view: SupportView,
    setting: { path: '/support', session },
    fields: { message: 'Message' },
    submit: 'Send',
    busyIn: { ready: 'sending' },
    formIn: messageStates,
    genericError: 'Failed to send the message. Try again later',
    submitBlockedWhen: (snapshot) => snapshot.context.message.trim() === '',
    actions: {
      'SUPPORT.SELECT': chooses,
      'SUPPORT.RETRY': click('Try again'),
      'NETWORK.RETURNED': networkReturns,
      'SUPPORT.RENEW': click('Request renewal'),
    },
    sees: [
      { see: () => expect(screen.getByRole('heading', { name: 'Support', level: 1 })).toBeTruthy() },
      {
        state: 'loading',
        see: () => expect(screen.getByRole('status').textContent).toBe('Loading support topics…'),
      },
      { state: 'failed', see: () => expect(notice()).toBe('Failed to load support topics.') },
      {
        state: { ready: 'choosingTopic' },
        see: () => {
          expect(screen.getByRole('heading', { name: 'What is your question about?' })).toBeTruthy();
          expect(hasButton('Technical problem') && hasButton('Renewal')).toBe(true);
        },
      },
      {
        state: { ready: 'choosingCourse' },
        see: (snapshot) => {
          expect(screen.getByRole('heading', { name: 'Which course is it about?' })).toBeTruthy();
          expect(screen.getByText(titleOf(snapshot.context.choice.categoryId)).tagName).toBe('DD');
          expect(hasButton('Morning yoga') && hasButton('Not about a course')).toBe(true);
        },
      },
      ...messageStates.map((state) => ({
        state,
        see: (snapshot: AnyMachineSnapshot) => {
          const left = 500 - snapshot.context.message.length;
          expect(screen.getByText(`${left} characters left`)).toBeTruthy();
          expect(screen.getByText('Experts answer within 24 hours.')).toBeTruthy();
          expect(button('Send').disabled).toBe(
            snapshot.context.message.trim() === '' || state.ready === 'sending',
          );
          const course = snapshot.context.choice.course === STREAM ? 'Morning yoga' : 'Not about a course';
          expect(screen.getByText(course).tagName).toBe('DD');
        },
      })),
      {
        state: { ready: 'renewal' },
        see: () => {
          expect(button('Request renewal').getAttribute('aria-busy')).toBeNull();
          expect(screen.queryByLabelText('Message')).toBeNull();
          expect(notice()).toBe('');
        },
      },
      {
        state: { ready: 'renewing' },
        see: () => expect(button('Request renewal').getAttribute('aria-busy')).toBe('true'),
      },
      {
        state: { ready: 'renewalFailed' },
        see: () => expect(notice()).toBe('Failed to send the message. Try again later'),
      },
      {
        state: { ready: 'sent' },
        see: () => {
          expect(notice()).toBe('Message sent. Experts answer within 24 hours.');
          expect(hasButton('Back to support')).toBe(true);
        },
      },
    ],
  }),
  events: [
    done('loadSupport', lists),
    failed('loadSupport', networkError),
    { type: 'SUPPORT.RETRY' },
    networkReturned,
    select(NO_CHOICE),
    select({ categoryId: TECHNICAL, course: null }),
    select({ categoryId: TECHNICAL, course: NOT_ABOUT_A_COURSE }),
    select({ categoryId: RENEWAL, course: STREAM }),
    { type: 'FORM.CHANGE', field: 'message', value: 'The video stops.' },
    { type: 'FORM.CHANGE', field: 'message', value: '' },
    { type: 'FORM.SUBMIT' },
    done('sendQuestion', { id: 1 }),
    failed('sendQuestion', tooLong),
    failed('sendQuestion', serverError),
    { type: 'SUPPORT.RENEW' },
    done('requestRenewal', { id: 2 }),
    failed('requestRenewal', serverError),
  ],
};

describeModel(spec);

describe('support', () => {
  it('sends the trimmed message with the topic and no course', async () => {
    const running = startMachine(spec, spec.inputs[0]);
    await running.dispatch(done('loadSupport', lists));
    await running.dispatch(select({ categoryId: TECHNICAL, course: NOT_ABOUT_A_COURSE }));
    await running.dispatch({ type: 'FORM.CHANGE', field: 'message', value: '  Hello  ' });
    await running.dispatch({ type: 'FORM.SUBMIT' });
    expect(running.fakes.inputOf('sendQuestion')).toEqual({
      categoryId: TECHNICAL,
      streamId: null,
      message: 'Hello',
    });
  });

  it('asks again for a topic or course the lists do not offer', async () => {
    const unknownTopic = startMachine(spec, {
      renewalCategoryIds: [RENEWAL],
      choice: { categoryId: 99, course: 1 },
    });
    await unknownTopic.dispatch(done('loadSupport', lists));
    expect(unknownTopic.snapshot().value).toEqual({ ready: 'choosingTopic' });
    const unknownCourse = startMachine(spec, {
      renewalCategoryIds: [RENEWAL],
      choice: { categoryId: RENEWAL, course: 5 },
    });
    await unknownCourse.dispatch(done('loadSupport', lists));
    expect(unknownCourse.snapshot().value).toEqual({ ready: 'choosingCourse' });
    expect(unknownCourse.snapshot().context.choice).toEqual({ categoryId: RENEWAL, course: null });
  });

  it("shows a learner's choice in the address as a new entry, and corrects an address in place", async () => {
    const running = startMachine(spec, {
      renewalCategoryIds: [RENEWAL],
      choice: { categoryId: 99, course: 1 },
    });
    await running.dispatch(done('loadSupport', lists));
    expect(running.effects).toEqual([{ name: 'showChoice', params: { choice: NO_CHOICE, replace: true } }]);
    await running.dispatch(select({ categoryId: TECHNICAL, course: null }));
    expect(running.effects.at(-1)).toEqual({
      name: 'showChoice',
      params: { choice: { categoryId: TECHNICAL, course: null }, replace: false },
    });
    // Back in the browser: the address already shows the topics.
    await running.dispatch({ type: 'SUPPORT.SELECT', choice: NO_CHOICE, fromAddress: true });
    expect(running.snapshot().value).toEqual({ ready: 'choosingTopic' });
    expect(running.effects).toHaveLength(2);
    // An address naming a course the lists do not offer asks for the course, in place.
    await running.dispatch({
      type: 'SUPPORT.SELECT',
      choice: { categoryId: RENEWAL, course: 5 },
      fromAddress: true,
    });
    expect(running.effects.at(-1)).toEqual({
      name: 'showChoice',
      params: { choice: { categoryId: RENEWAL, course: null }, replace: true },
    });
  });

  it('asks for a renewal in one tap, and a renewal topic without a course takes a message', async () => {
    const running = startMachine(spec, spec.inputs[1]);
    await running.dispatch(done('loadSupport', lists));
    expect(running.snapshot().value).toEqual({ ready: 'renewal' });
    await running.dispatch({ type: 'SUPPORT.RENEW' });
    expect(running.fakes.inputOf('requestRenewal')).toEqual({ categoryId: RENEWAL, streamId: STREAM });
    await running.dispatch(select({ categoryId: RENEWAL, course: NOT_ABOUT_A_COURSE }));
    expect(running.snapshot().value).toEqual({ ready: 'composing' });
  });
});
