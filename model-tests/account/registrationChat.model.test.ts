import { fireEvent, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot } from 'xstate';
import {
  type BotMessage,
  type ChatMessage,
  type LearnerAnswer,
  type RegistrationChatContext,
  type RegistrationChatInput,
  registrationChatMachine,
} from '../../machines/account/registrationChat.machine';
import { MAX_AVATAR_BYTES } from '../../src/domain/avatar';
import type { ChatQuestion, ChatQuestionName } from '../../src/domain/registrationChat';
import type { User } from '../../src/domain/user';
import { RegistrationChatView } from '../../src/features/registration/RegistrationChatScreen';
import { done, failed, networkError, requestError, serverError, user } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { button, hasButton, notice } from '../screenQueries';
import { click, type UserAction } from '../userActions';

const q = (name: ChatQuestionName, type: ChatQuestion['type'], required: boolean): ChatQuestion => ({
  name,
  type,
  required,
});
const firstName = q('firstName', 'text', true);
const email = q('email', 'email', true);
const generatedEmail = q('email', 'emailWithGeneratedPassword', true);
const password = q('password', 'password', true);
const socials = q('socials', 'socials', false);
const birthday = q('birthday', 'date', false);
const avatarId = q('avatarId', 'image', false);
const push = q('push', 'push', false);

const at = (status: number): User => ({ ...user, firstName: 'Ada', status });

const base: RegistrationChatInput = {
  questions: [],
  welcomeMessages: [],
  user: null,
  typingMs: 600,
  linkReturn: null,
  canPush: false,
  providers: [],
  timezone: 'Europe/Madrid',
};

/** One start per branch of the chat: kept short, so every path through each is generated. */
const INPUTS = {
  guestWithPassword: { ...base, questions: [firstName, email, password], welcomeMessages: ['Hi there!'] },
  guestWithGeneratedPassword: { ...base, questions: [generatedEmail, birthday] },
  resumeAtPassword: { ...base, questions: [email, password], user: at(20) },
  resumeAtSocials: {
    ...base,
    questions: [email, password, socials, birthday],
    user: at(30),
    providers: ['google'],
  },
  linkedOnReturn: {
    ...base,
    questions: [email, password, socials, birthday],
    user: at(30),
    providers: ['google'],
    linkReturn: { status: 'success', network: 'google' },
  },
  linkFailedOnReturn: {
    ...base,
    questions: [email, password, socials, birthday],
    user: at(30),
    providers: ['google'],
    linkReturn: {
      status: 'fail',
      network: 'google',
      errorCode: 'link_social_id_already_taken',
      errorMessage: 'Taken',
    },
  },
  resumeAtPhoto: { ...base, questions: [email, password, avatarId, push], user: at(40), canPush: true },
  nothingToAsk: { ...base, questions: [email, password, socials, push], user: at(30) },
  nothingLeft: { ...base, questions: [email, password, socials], user: at(40) },
} satisfies Record<string, RegistrationChatInput>;

const created = { ...user, id: 90, firstName: '', email: 'ann@example.com', status: 20 };
const account = { token: 'token-new', user: created, password: 'Kq7mZt2Rw9xPa4Lb' };
const renewed = { token: 'token-renewed', user: { ...created, status: 20 } };
const photo = new File([new Uint8Array(2048)], 'me.png', { type: 'image/png' });
const notes = new File(['not a picture'], 'notes.txt', { type: 'text/plain' });
/** A real 11 MB buffer is not needed to test the limit: the picker reads `size`. */
const huge = new File([new Uint8Array(16)], 'huge.jpg', { type: 'image/jpeg' });
Object.defineProperty(huge, 'size', { value: MAX_AVATAR_BYTES + 1 });
const uploaded = {
  id: 31,
  type: 'image' as const,
  name: '512.webp',
  url: '/media/uploads/31/512.webp',
  mimeType: 'image/webp',
  sizeBytes: 2048,
  urls: {
    small: '/media/uploads/31/64.webp',
    medium: '/media/uploads/31/256.webp',
    large: '/media/uploads/31/512.webp',
  },
};
const emailTaken = 'This e-mail address has already been taken.';
const taken = requestError(422, 'Data validation failed', { email: [emailTaken] });
const weak = requestError(422, 'Data validation failed', { password: ['The password is too common.'] });
const unsupported = requestError(415, 'This file is not an image we can use.');
const controlCharacters = 'Must not contain control characters.';
const nameRefused = requestError(422, 'Please check the highlighted fields.', {
  firstName: [controlCharacters],
});

const answer = (question: ChatQuestionName, value: string) => ({ type: 'CHAT.ANSWER', question, value });

const GENERIC = 'Something went wrong. Check your connection and send your answer again.';
const PROMPTS: Record<ChatQuestionName, (name: string) => string> = {
  firstName: () => 'What is your name?',
  email: (name) =>
    name
      ? `${name}, what is your e-mail? We'll send your course news there.`
      : "What is your e-mail? We'll send your course news there.",
  password: () => 'Choose a password: at least 8 characters.',
  socials: () => 'Link a social network to sign in with one tap.',
  birthday: () => 'When is your birthday? (DD.MM.YYYY)',
  avatarId: () => 'Add a profile photo so your experts recognise you.',
  push: () => 'Shall we remind you about lessons with notifications?',
};
const RETRIES: Record<ChatQuestionName, string> = {
  firstName: 'Please enter your name again.',
  email: 'Please enter a correct e-mail.',
  password: 'Please enter a correct password.',
  socials: 'Please link the account again.',
  birthday: 'Please enter a correct date.',
  avatarId: 'Please upload the photo again.',
  push: 'Please try again.',
};

/** What the learner must read for each of the bot's messages (in English). */
function botText(say: BotMessage, context: RegistrationChatContext): string {
  switch (say.kind) {
    case 'welcome':
      return String(context.welcomeMessages[say.index]);
    case 'welcomeBack':
      return `Welcome back, ${say.name}! Let's finish setting up your account.`;
    case 'question':
      return PROMPTS[say.question](say.name);
    case 'retry':
      return RETRIES[say.question];
    case 'error':
      return say.message || GENERIC;
    case 'photoRefused':
      return say.reason === 'tooLarge'
        ? 'This image is too large: choose one of 10 MB at most.'
        : 'This file is not a picture: choose a JPEG, PNG, WebP, GIF or AVIF image.';
    case 'generatedPassword':
      return `Your password is ${say.password}. Save it: you will sign in with it.Copy password`;
    case 'linked':
      return 'Google is linked.';
    case 'linkFailed':
      return 'This Google account is already linked to another user.';
    case 'pushLater':
      return 'You can turn notifications on later in the settings.';
    case 'done':
      return say.name ? `All set, ${say.name}! Let's start learning.` : "All set! Let's start learning.";
  }
}

function learnerText(answer: LearnerAnswer): string {
  switch (answer.kind) {
    case 'text':
      return answer.text;
    case 'secret':
      return `${'•'.repeat(Math.min(answer.length, 16))}Password (hidden)`;
    case 'photo':
      return '';
    case 'skip':
      return answer.question === 'push' ? 'Not now' : 'Skip';
    case 'allowPush':
      return 'Allow';
  }
}

const messageText = (message: ChatMessage, context: RegistrationChatContext) =>
  message.from === 'bot' ? botText(message.say, context) : learnerText(message.answer);

const LABELS: Partial<Record<ChatQuestionName, string>> = {
  firstName: 'Your name',
  email: 'Your e-mail',
  password: 'Your password',
  birthday: 'Your birthday',
};

const context = (snapshot: AnyMachineSnapshot) => snapshot.context as RegistrationChatContext;
const asked = (snapshot: AnyMachineSnapshot) => context(snapshot).questions[context(snapshot).index];
const log = () => screen.getByRole('log', { name: 'Conversation' });
const typing = () => document.querySelector('.chat__typing');

/** The view as the screen renders it; the replay's actor is kept to deliver what the network reports. */
let current: AnyActorRef | null = null;
function CapturingView({ actor }: { actor: AnyActorRef }) {
  current = actor;
  return createElement(RegistrationChatView, { actor });
}

const answerField = (event: AnyEventObject) =>
  screen.getByLabelText(LABELS[event.question as ChatQuestionName] ?? '', { selector: 'input' });

/** The learner types the answer into the question's field and sends it. */
const typeAnswer: UserAction = {
  words: (event) =>
    `the user answers “${String(event.value)}” in “${LABELS[event.question as ChatQuestionName]}”`,
  control: answerField,
  perform: async (user, event) => {
    const input = answerField(event);
    await user.clear(input);
    if (event.value !== '') await user.type(input, String(event.value));
    await user.click(button('Send'));
  },
};

const pickControl = () => screen.getByLabelText('Choose a photo') as HTMLInputElement;

const pick: UserAction = {
  words: (event) => `the user picks “${(event.file as File).name}”`,
  control: pickControl,
  perform: async (_, event) => {
    fireEvent.change(pickControl(), { target: { files: [event.file] } });
  },
};

/** Not the user: the browser reports how much of the body has gone out. */
const progress: UserAction = {
  words: (event) => `the browser reports ${event.sent} of ${event.total} bytes sent`,
  perform: async (_, event) => {
    current?.send(event);
  },
};

const BUSY_STATES = ['checkingEmail', 'creatingAccount', 'savingPassword', 'savingBirthday'] as const;
const STEP_STATES = ['savingName', 'updatingStatus', 'closing'] as const;

const spec = {
  machine: registrationChatMachine,
  spec: 'Shell spec §4 Registration chat, §5 Registration chat questions, §9 statuses 20/30/40: sign-up as a conversation that saves each answer and resumes at the account’s status',
  inputs: Object.values(INPUTS),
  screen: {
    view: CapturingView,
    setting: { path: '/welcome' },
    actions: {
      'CHAT.ANSWER': typeAnswer,
      'CHAT.SKIP': click(/^(Skip|Not now)$/),
      'CHAT.PHOTO': pick,
      'CHAT.RESEND': click('Send the photo again'),
      'CHAT.CANCEL': click('Cancel upload'),
      'UPLOAD.PROGRESS': progress,
      'CHAT.LINK': click('Link Google'),
      'CHAT.PUSH': click('Allow'),
      'CHAT.RETRY': click('Try again'),
      'CHAT.FINISH': click('Start learning'),
    },
    sees: [
      {
        // Every state: the conversation so far, one entry per message, in the learner's words.
        see: (snapshot: AnyMachineSnapshot) => {
          const items = within(log()).queryAllByRole('listitem');
          const { messages } = context(snapshot);
          expect(items.map((item) => item.textContent)).toEqual(
            messages.map((message) => messageText(message, context(snapshot))),
          );
          expect(log().getAttribute('aria-live')).toBe('polite');
          expect(typing() !== null).toBe(snapshot.matches('speaking'));
        },
      },
      {
        state: 'speaking',
        see: () => {
          expect(hasButton('Send')).toBe(false);
          expect(hasButton('Start learning')).toBe(false);
        },
      },
      {
        state: 'listening',
        see: (snapshot: AnyMachineSnapshot) => {
          const question = asked(snapshot) as ChatQuestion;
          const label = LABELS[question.name];
          if (label) {
            const field = screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
            expect(document.activeElement).toBe(field);
            expect(button('Send').disabled).toBe(false);
            // Empty for a new question or a refused answer; the answer again after a failure that
            // was not its fault.
            expect(field.value).toBe(context(snapshot).typed);
          }
          if (question.type === 'socials') {
            expect(document.activeElement).toBe(button('Link Google'));
          }
          if (question.type === 'image') {
            expect(pickControl().getAttribute('type')).toBe('file');
            const kept = context(snapshot).file !== null;
            expect(hasButton('Send the photo again')).toBe(kept);
            if (kept) expect(document.activeElement).toBe(button('Send the photo again'));
          }
          if (question.type === 'push') expect(button('Allow').disabled).toBe(false);
          const skip = question.type === 'push' ? 'Not now' : 'Skip';
          expect(hasButton(skip)).toBe(!question.required);
        },
      },
      ...BUSY_STATES.map((state) => ({
        state,
        see: () => {
          expect(button('Send').getAttribute('aria-busy')).toBe('true');
        },
      })),
      {
        state: 'uploading',
        see: (snapshot: AnyMachineSnapshot) => {
          const { sent, total } = context(snapshot);
          const percent = Math.floor((sent / total) * 100);
          expect(screen.getByLabelText(`Uploading photo… ${percent}%`).getAttribute('value')).toBe(
            String(percent),
          );
          expect(hasButton('Cancel upload')).toBe(true);
        },
      },
      {
        state: 'attaching',
        see: () => expect(screen.getByRole('status').textContent).toBe('Saving your photo…'),
      },
      {
        state: 'enablingPush',
        see: () => expect(button('Allow').getAttribute('aria-busy')).toBe('true'),
      },
      {
        state: 'leaving',
        see: () => expect(button('Link Google').getAttribute('aria-busy')).toBe('true'),
      },
      ...STEP_STATES.map((state) => ({
        state: { [state]: 'saving' },
        see: () => expect(screen.getByRole('status').textContent).toBe('Saving…'),
      })),
      ...STEP_STATES.map((state) => ({
        state: { [state]: 'failed' },
        see: () => {
          expect(notice()).toBe('Something went wrong. Check your connection and try again.');
          expect(hasButton('Try again')).toBe(true);
        },
      })),
      {
        state: 'finished',
        see: () => expect(document.activeElement).toBe(button('Start learning')),
      },
      {
        state: 'closed',
        see: () => expect(hasButton('Start learning')).toBe(false),
      },
    ],
  },
  events: [
    answer('firstName', ''),
    answer('firstName', 'Ann'),
    answer('email', 'ann@'),
    answer('email', 'ann@example.com'),
    answer('password', 'short'),
    answer('password', 'correct-horse-9'),
    answer('birthday', '31.02.2000'),
    answer('birthday', '15.05.1990'),
    { type: 'CHAT.SKIP' },
    { type: 'CHAT.PHOTO', file: photo },
    { type: 'CHAT.PHOTO', file: notes },
    { type: 'CHAT.PHOTO', file: huge },
    { type: 'CHAT.RESEND' },
    { type: 'CHAT.CANCEL' },
    { type: 'UPLOAD.PROGRESS', sent: 1024, total: 2048 },
    { type: 'CHAT.LINK', source: 'google' },
    { type: 'CHAT.PUSH' },
    { type: 'CHAT.RETRY' },
    { type: 'CHAT.FINISH' },
    done('validateSignupForm', []),
    done('validateSignupForm', [emailTaken]),
    failed('validateSignupForm', networkError),
    done('createAccount', account),
    failed('createAccount', taken),
    failed('createAccount', networkError),
    done('saveName', { ...created, firstName: 'Ann' }),
    failed('saveName', nameRefused),
    failed('saveName', networkError),
    done('savePassword', renewed),
    failed('savePassword', weak),
    failed('savePassword', networkError),
    done('saveBirthday', { ...created, birthday: '15.05.1990' }),
    failed('saveBirthday', networkError),
    failed('saveBirthday', serverError),
    done('uploadImage', uploaded),
    failed('uploadImage', unsupported),
    failed('uploadImage', networkError),
    done('attachAvatar', { ...created, avatar: uploaded.urls.medium, avatarFileId: 31 }),
    failed('attachAvatar', networkError),
    failed('attachAvatar', unsupported),
    done('enablePush', 'on'),
    done('enablePush', 'blocked'),
    failed('enablePush', networkError),
    done('updateStatus', { ...created, status: 30 }),
    failed('updateStatus', networkError),
    done('closeChat', { ...created, status: 10 }),
    failed('closeChat', networkError),
  ],
};

describeModel(spec);

const TYPED = { type: 'xstate.after.typing.registrationChat.speaking' };

/** Starts the chat and lets the bot finish what it has to say. */
async function chat(input: RegistrationChatInput) {
  const running = startMachine(spec, input);
  const say = async () => {
    while (running.snapshot().matches('speaking')) await running.dispatch(TYPED);
  };
  const send = async (event: AnyEventObject) => {
    await running.dispatch(event);
    await say();
  };
  await say();
  const said = () =>
    context(running.snapshot())
      .messages.filter((message) => message.from === 'bot')
      .map((message) => message.say);
  return { running, send, said, context: () => context(running.snapshot()) };
}

describe('registrationChat', () => {
  it('a guest answers name, e-mail and password: the account is made at 20, named, and moved to 10', async () => {
    const { running, send, said } = await chat(INPUTS.guestWithPassword);
    expect(said()).toEqual([
      { kind: 'welcome', index: 0 },
      { kind: 'question', question: 'firstName', name: '' },
    ]);
    await send(answer('firstName', '  Ann  '));
    await send(answer('email', ' Ann@Example.com '));
    expect(running.fakes.inputOf('validateSignupForm')).toEqual({ email: 'ann@example.com' });
    await send(done('validateSignupForm', []));
    expect(running.fakes.inputOf('createAccount')).toEqual({
      email: 'ann@example.com',
      timezone: 'Europe/Madrid',
      status: 20,
    });
    await send(done('createAccount', account));
    expect(running.fakes.inputOf('saveName')).toEqual({ firstName: 'Ann' });
    await send(done('saveName', { ...created, firstName: 'Ann' }));
    expect(said().at(-1)).toEqual({ kind: 'question', question: 'password', name: 'Ann' });
    await send(answer('password', 'correct-horse-9'));
    expect(running.fakes.inputOf('savePassword')).toEqual({ password: 'correct-horse-9' });
    await send(done('savePassword', renewed));
    expect(running.fakes.inputOf('updateStatus')).toEqual({ status: 10 });
    await send(done('updateStatus', { ...created, status: 10 }));
    expect(said().at(-1)).toEqual({ kind: 'done', name: 'Ann' });
    // The learner's password never reaches the transcript; the generated one is not shown.
    expect(JSON.stringify(context(running.snapshot()).messages)).not.toContain('correct-horse-9');
    expect(said().some((message) => message.kind === 'generatedPassword')).toBe(false);
    await send({ type: 'CHAT.FINISH' });
    expect(running.snapshot().value).toBe('closed');
    expect(running.effects.map((effect) => effect.name)).toEqual([
      'signIn',
      'updateUser',
      'signIn',
      'updateUser',
      'goToHome',
    ]);
    expect(running.effects[0]).toEqual({ name: 'signIn', params: { token: 'token-new', user: created } });
    expect(running.effects[2]).toEqual({ name: 'signIn', params: renewed });
  });

  it('wrong answers get the retry line, and a new attempt replaces the failed one', async () => {
    const { send, said, context } = await chat(INPUTS.guestWithPassword);
    await send(answer('firstName', ''));
    expect(said().at(-1)).toEqual({ kind: 'retry', question: 'firstName' });
    // An answer to a question that is not being asked is ignored.
    await send(answer('email', 'ann@example.com'));
    expect(context().index).toBe(0);
    await send(answer('firstName', 'Ann'));
    expect(context().messages.filter((message) => message.from === 'learner')).toEqual([
      { from: 'learner', answer: { kind: 'text', text: 'Ann' } },
    ]);
    await send(answer('email', 'ann@'));
    expect(said().at(-1)).toEqual({ kind: 'retry', question: 'email' });
    await send(answer('email', 'ann@example.com'));
    await send(done('validateSignupForm', [emailTaken]));
    expect(said().slice(-2)).toEqual([
      { kind: 'error', message: emailTaken },
      { kind: 'retry', question: 'email' },
    ]);
    await send(answer('email', 'ann@example.com'));
    await send(done('validateSignupForm', []));
    await send(failed('createAccount', networkError));
    // Not the answer's fault: said once, no retry line, the input stays.
    expect(said().at(-1)).toEqual({ kind: 'error', message: '' });
    expect(context().messages.filter((message) => message.from === 'learner')).toHaveLength(2);
  });

  it('a failure that is not the answer’s fault keeps it to send again; a refusal empties the input', async () => {
    const { running, send, said, context } = await chat(INPUTS.guestWithPassword);
    await send(answer('firstName', 'Ann'));
    await send(answer('email', ' Ann@Example.com '));
    await send(done('validateSignupForm', []));
    await send(failed('createAccount', serverError));
    expect(said().at(-1)).toEqual({ kind: 'error', message: '' });
    expect(running.snapshot().value).toBe('listening');
    // What the learner typed, as typed: the field gives it back.
    expect(context().typed).toBe(' Ann@Example.com ');
    await send(answer('email', ' Ann@Example.com '));
    await send(done('validateSignupForm', []));
    await send(failed('createAccount', taken));
    expect(said().slice(-2)).toEqual([
      { kind: 'error', message: emailTaken },
      { kind: 'retry', question: 'email' },
    ]);
    expect(context().typed).toBe('');
    await send(answer('email', 'ann@example.com'));
    await send(done('validateSignupForm', []));
    await send(done('createAccount', account));
    await send(done('saveName', { ...created, firstName: 'Ann' }));
    expect(context().typed).toBe('');

    await send(answer('password', 'correct-horse-9'));
    await send(failed('savePassword', networkError));
    expect(context().typed).toBe('correct-horse-9');
    // Sending what the field gives back saves the same password, not an empty one.
    await send(answer('password', context().typed));
    expect(running.fakes.inputOf('savePassword')).toEqual({ password: 'correct-horse-9' });
    await send(failed('savePassword', weak));
    expect(said().at(-1)).toEqual({ kind: 'retry', question: 'password' });
    expect(context().typed).toBe('');

    const birthdayChat = await chat(INPUTS.guestWithGeneratedPassword);
    await birthdayChat.send(answer('email', 'ann@example.com'));
    await birthdayChat.send(done('validateSignupForm', []));
    await birthdayChat.send(done('createAccount', account));
    await birthdayChat.send(answer('birthday', '15.05.1990'));
    await birthdayChat.send(failed('saveBirthday', serverError));
    expect(birthdayChat.context().typed).toBe('15.05.1990');
    await birthdayChat.send(answer('birthday', '15.05.1990'));
    await birthdayChat.send(done('saveBirthday', { ...created, birthday: '15.05.1990' }));
    expect(birthdayChat.context().typed).toBe('');
  });

  it('a photo whose upload or attaching failed for another reason is kept and sent again', async () => {
    const { running, send, said, context } = await chat(INPUTS.resumeAtPhoto);
    await send({ type: 'CHAT.PHOTO', file: photo });
    await send(failed('uploadImage', networkError));
    expect(said().at(-1)).toEqual({ kind: 'error', message: '' });
    expect(context().file).toBe(photo);
    await send({ type: 'CHAT.RESEND' });
    expect(running.snapshot().value).toBe('uploading');
    expect(running.fakes.inputOf('uploadImage')).toMatchObject({ file: photo });
    // The new attempt replaces the failed one: the bot's "that failed" is gone from the log.
    expect(said().at(-1)).toEqual({ kind: 'question', question: 'avatarId', name: 'Ada' });
    await send(done('uploadImage', uploaded));
    await send(failed('attachAvatar', serverError));
    expect(context()).toMatchObject({ file: photo, uploadId: 31 });
    // Uploaded already: only the attaching is done again.
    await send({ type: 'CHAT.RESEND' });
    expect(running.snapshot().value).toBe('attaching');
    expect(running.fakes.inputOf('attachAvatar')).toEqual({ fileId: 31 });
    await send(failed('attachAvatar', unsupported));
    // Refused: nothing to send again, the photo is picked anew.
    expect(context()).toMatchObject({ file: null, uploadId: null });
    expect(said().slice(-2)).toEqual([
      { kind: 'error', message: 'This file is not an image we can use.' },
      { kind: 'retry', question: 'avatarId' },
    ]);
    await send({ type: 'CHAT.RESEND' });
    expect(running.snapshot().value).toBe('listening');
  });

  it('a name with a direction mark or control, which the server would refuse, is asked for again', async () => {
    const { send, said, context } = await chat(INPUTS.guestWithPassword);
    for (const name of ['Zoe\u200f', 'Zoe\u200e', '\u202eZoe']) {
      await send(answer('firstName', name));
      expect(said().at(-1)).toEqual({ kind: 'retry', question: 'firstName' });
      expect(context().index).toBe(0);
    }
    await send(answer('firstName', 'Zoe'));
    expect(said().at(-1)).toEqual({ kind: 'question', question: 'email', name: 'Zoe' });
  });

  it('a name the server still refuses once the account exists is asked again, saved, and the chat goes on', async () => {
    const { running, send, said, context } = await chat(INPUTS.guestWithPassword);
    await send(answer('firstName', 'Ann'));
    await send(answer('email', 'ann@example.com'));
    await send(done('validateSignupForm', []));
    await send(done('createAccount', account));
    await send(failed('saveName', nameRefused));
    // The server's words and the name's retry line, not a "Try again" that resends the same name.
    expect(said().slice(-2)).toEqual([
      { kind: 'error', message: controlCharacters },
      { kind: 'retry', question: 'firstName' },
    ]);
    expect(running.snapshot().value).toBe('listening');
    expect(context().questions[context().index]?.name).toBe('firstName');
    await send(answer('firstName', 'Anna'));
    expect(running.fakes.inputOf('saveName')).toEqual({ firstName: 'Anna' });
    await send(done('saveName', { ...created, firstName: 'Anna' }));
    // The e-mail made the account already: the chat goes on to the password.
    expect(said().at(-1)).toEqual({ kind: 'question', question: 'password', name: 'Anna' });
    expect(
      context()
        .messages.filter((message) => message.from === 'learner')
        .at(-1),
    ).toEqual({
      from: 'learner',
      answer: { kind: 'text', text: 'Anna' },
    });
  });

  it('the generated password is shown once the account exists; the account starts at the birthday step', async () => {
    const { running, send, said } = await chat(INPUTS.guestWithGeneratedPassword);
    await send(answer('email', 'ann@example.com'));
    await send(done('validateSignupForm', []));
    expect(running.fakes.inputOf('createAccount')).toMatchObject({ status: 30 });
    await send(done('createAccount', account));
    expect(said().slice(-2)).toEqual([
      { kind: 'generatedPassword', password: account.password },
      { kind: 'question', question: 'birthday', name: '' },
    ]);
    await send(answer('birthday', '31.02.2000'));
    expect(said().at(-1)).toEqual({ kind: 'retry', question: 'birthday' });
    await send({ type: 'CHAT.SKIP' });
    expect(running.fakes.inputOf('updateStatus')).toEqual({ status: 10 });
  });

  it('resumes at the status: 20 asks the password, 30 the socials, 40 the photo', async () => {
    const atPassword = await chat(INPUTS.resumeAtPassword);
    expect(atPassword.said()).toEqual([
      { kind: 'welcomeBack', name: 'Ada' },
      { kind: 'question', question: 'password', name: 'Ada' },
    ]);
    const atSocials = await chat(INPUTS.resumeAtSocials);
    expect(atSocials.said().at(-1)).toEqual({ kind: 'question', question: 'socials', name: 'Ada' });
    await atSocials.send({ type: 'CHAT.LINK', source: 'google' });
    expect(atSocials.running.snapshot().value).toBe('leaving');
    expect(atSocials.running.effects).toEqual([{ name: 'openSocialLink', params: { source: 'google' } }]);
    const atPhoto = await chat(INPUTS.resumeAtPhoto);
    expect(atPhoto.said().at(-1)).toEqual({ kind: 'question', question: 'avatarId', name: 'Ada' });
  });

  it('the way back from a link: success moves on after socials, failure asks again', async () => {
    const linked = await chat(INPUTS.linkedOnReturn);
    expect(linked.said()).toEqual([
      { kind: 'linked', network: 'google' },
      { kind: 'question', question: 'birthday', name: 'Ada' },
    ]);
    expect(linked.running.effects).toEqual([{ name: 'clearLinkReturn', params: undefined }]);
    const failedLink = await chat(INPUTS.linkFailedOnReturn);
    expect(failedLink.said()).toEqual([
      { kind: 'linkFailed', network: 'google', code: 'link_social_id_already_taken', message: 'Taken' },
      { kind: 'retry', question: 'socials' },
    ]);
    expect(failedLink.running.snapshot().value).toBe('listening');
    expect(failedLink.context().questions[failedLink.context().index]?.name).toBe('socials');
  });

  it('a photo is uploaded and attached; push allowed moves on, refused says "later"', async () => {
    const allowed = await chat(INPUTS.resumeAtPhoto);
    await allowed.send({ type: 'CHAT.PHOTO', file: photo });
    await allowed.send(done('uploadImage', uploaded));
    expect(allowed.running.fakes.inputOf('attachAvatar')).toEqual({ fileId: 31 });
    await allowed.send(done('attachAvatar', { ...created, avatarFileId: 31 }));
    expect(allowed.context().messages.at(-2)).toEqual({
      from: 'learner',
      answer: { kind: 'photo', url: uploaded.urls.small },
    });
    await allowed.send({ type: 'CHAT.PUSH' });
    await allowed.send(done('enablePush', 'on'));
    await allowed.send(done('updateStatus', { ...created, status: 10 }));
    expect(allowed.said().at(-1)).toEqual({ kind: 'done', name: 'Ada' });
    expect(allowed.said().some((message) => message.kind === 'pushLater')).toBe(false);

    const denied = await chat(INPUTS.resumeAtPhoto);
    await denied.send({ type: 'CHAT.SKIP' });
    await denied.send({ type: 'CHAT.PUSH' });
    await denied.send(done('enablePush', 'blocked'));
    await denied.send(done('updateStatus', { ...created, status: 10 }));
    expect(denied.said().slice(-2)).toEqual([{ kind: 'pushLater' }, { kind: 'done', name: 'Ada' }]);
  });

  it('questions that cannot be asked are skipped silently; a status with nothing left closes the chat', async () => {
    const silent = await chat(INPUTS.nothingToAsk);
    // Each stage still ends with its status move: 30 → 40 (push's stage) → 10.
    expect(silent.running.fakes.inputOf('updateStatus')).toEqual({ status: 40 });
    await silent.send(done('updateStatus', { ...created, status: 40 }));
    expect(silent.running.fakes.inputOf('updateStatus')).toEqual({ status: 10 });
    await silent.send(done('updateStatus', { ...created, status: 10 }));
    expect(silent.said()).toEqual([
      { kind: 'welcomeBack', name: 'Ada' },
      { kind: 'done', name: 'Ada' },
    ]);
    const closing = await chat(INPUTS.nothingLeft);
    expect(closing.running.fakes.inputOf('closeChat')).toEqual({ status: 10 });
    await closing.send(failed('closeChat', networkError));
    await closing.send({ type: 'CHAT.RETRY' });
    await closing.send(done('closeChat', { ...created, status: 10 }));
    expect(closing.running.snapshot().value).toBe('closed');
    expect(closing.running.effects.map((effect) => effect.name)).toEqual(['updateUser', 'goToHome']);
  });
});
