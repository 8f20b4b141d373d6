/**
 * The registration chat (shell spec, sections 4 "Registration chat" and 5 "Registration chat
 * questions", section 9 statuses; docs/REGISTRATION_CHAT.md): the brand's sign-up as a conversation.
 * The bot says the welcome messages, then asks the brand's questions one by one, each message after a
 * typing pause (`typing`, from the input: 0 when the learner asked for reduced motion). The e-mail
 * answer makes the account (a random password, the status of the next step) and signs in without
 * leaving the page; every later answer is saved at once, and the account's status moves forward as
 * the stages end (20 password, 30 socials and birthday, 40 photo and push, then 10). A signed-in
 * learner whose status is a chat step resumes there; the way back from a social link continues after
 * the socials question (or asks it again after a failure).
 *
 * Decisions the spec leaves open:
 * - The transcript is data (`messages`: what the bot said and what the learner answered), so the
 *   screen translates it and a language switch re-renders it. A new attempt at the same question
 *   replaces the previous failed attempt and the bot's replies to it: the log keeps one try per
 *   question, not a pile of errors.
 * - A failure that is the answer's fault (a 4xx: the server's messages) is followed by the question's
 *   retry line and empties the input; a failure that is not (no answer, 5xx) only says so and keeps
 *   the input (`typed`, or the picked photo with "send again"), so the learner sends again. A failed
 *   step that has no answer to send again (saving the name after the account exists, moving the
 *   status) waits for CHAT.RETRY, except a name the server refuses: the name question comes back
 *   (its retry line), and the answer is saved at once, the chat going on past the e-mail that made
 *   the account.
 * - A question that cannot be asked here (socials without a network left to link, push where the
 *   brand or the browser has none) is skipped without a word.
 */
import { type AnyEventObject, assign, enqueueActions, fromPromise, setup } from 'xstate';
import { isImageType, MAX_AVATAR_BYTES } from '../../src/domain/avatar';
import type { BrandText } from '../../src/domain/brandText';
import type { MediaFile } from '../../src/domain/learning/course';
import { validateBirthday } from '../../src/domain/profileValidation';
import { refusalWords } from '../../src/domain/refusalWords';
import { ACTIVE_STATUS, type ChatQuestion, type ChatQuestionName } from '../../src/domain/registrationChat';
import { isChatName, resumeIndex, statusAfter } from '../../src/domain/registrationChatSteps';
import { toRequestError } from '../../src/domain/requestError';
import type { ExternalAuthSource, User } from '../../src/domain/user';
import { normalizeEmail, validateEmail, validatePassword } from '../../src/domain/validation';
import { unprovided } from '../common/unprovided';
import type { PushState } from './notificationSettings.machine';
import type { LinkOutcome } from './socialNetworks.machine';

/** What the bot says; the screen turns each into text in the learner's language. */
export type BotMessage =
  | { kind: 'welcome'; index: number }
  | { kind: 'welcomeBack'; name: string }
  | { kind: 'question'; question: ChatQuestionName; name: string }
  | { kind: 'retry'; question: ChatQuestionName }
  /** The server's own (translated) words; '' when there was no usable answer (network, 5xx). */
  | { kind: 'error'; message: string }
  | { kind: 'photoRefused'; reason: 'tooLarge' | 'notImage' }
  | { kind: 'generatedPassword'; password: string }
  | { kind: 'linked'; network: ExternalAuthSource | null }
  | { kind: 'linkFailed'; network: ExternalAuthSource | null; code: string; message: string }
  | { kind: 'pushLater' }
  | { kind: 'done'; name: string };

/** What the learner's bubble shows: the text, a password as dots, a photo, a skip, the push consent. */
export type LearnerAnswer =
  | { kind: 'text'; text: string }
  | { kind: 'secret'; length: number }
  | { kind: 'photo'; url: string }
  | { kind: 'skip'; question: ChatQuestionName }
  | { kind: 'allowPush' };

export type ChatMessage = { from: 'bot'; say: BotMessage } | { from: 'learner'; answer: LearnerAnswer };

export type RegistrationChatInput = {
  questions: readonly ChatQuestion[];
  welcomeMessages: readonly BrandText[];
  /** The signed-in learner (resuming), or null for a guest. */
  user: User | null;
  /** The pause before each bot message, in ms (0 with reduced motion). */
  typingMs: number;
  /** The way back from a social link (`action=link` in the address). */
  linkReturn: LinkOutcome | null;
  /** The brand has push and the browser supports it. */
  canPush: boolean;
  /** The social networks offered for sign-in (the brand's, as the server configures them). */
  providers: readonly ExternalAuthSource[];
  /** The guessed timezone the account is made with. */
  timezone: string;
};

export type RegistrationChatContext = {
  questions: ChatQuestion[];
  welcomeMessages: BrandText[];
  typingMs: number;
  canPush: boolean;
  providers: ExternalAuthSource[];
  linked: ExternalAuthSource[];
  linkReturn: LinkOutcome | null;
  timezone: string;
  /** The question being asked (or about to be); questions.length once all are done. */
  index: number;
  /** The learner's first name, for the bot's lines ('' when not known). */
  name: string;
  /** The account's status; null while there is no account (a guest before the e-mail). */
  status: number | null;
  /** What is on screen, in order. */
  messages: ChatMessage[];
  /** What the bot is about to say, one message per typing pause. */
  queue: BotMessage[];
  /** Where the current question's answer goes in `messages`: a new attempt replaces what follows. */
  mark: number;
  /** The answer being checked or saved (e-mail, password, birthday). */
  draft: string;
  /**
   * What the learner typed for the answer being checked or saved, kept after a failure that is not
   * the answer's fault: the answer field gives it back. '' once the answer is taken or refused.
   */
  typed: string;
  /** The picked photo; kept after a failure that is not the photo's fault, to send again. */
  file: File | null;
  photoUrl: string;
  /** The uploaded photo's id, kept with the file when attaching it failed: sending again attaches it. */
  uploadId: number | null;
  sent: number;
  total: number;
  /** A failed step that waits for CHAT.RETRY: the server's words or '' (generic). */
  stepError: string | null;
};

export type RegistrationChatEvent =
  | { type: 'CHAT.ANSWER'; question: ChatQuestionName; value: string }
  | { type: 'CHAT.SKIP' }
  | { type: 'CHAT.PHOTO'; file: File }
  /** Sends the kept photo again after a failure that was not the photo's fault. */
  | { type: 'CHAT.RESEND' }
  | { type: 'CHAT.CANCEL' }
  | { type: 'UPLOAD.PROGRESS'; sent: number; total: number }
  | { type: 'CHAT.LINK'; source: ExternalAuthSource }
  | { type: 'CHAT.PUSH' }
  | { type: 'CHAT.RETRY' }
  | { type: 'CHAT.FINISH' };

export type CreateAccountInput = { email: string; timezone: string; status: number };
export type CreatedAccount = { token: string; user: User; password: string };
export type PhotoUploadInput = { file: File; onProgress: (sent: number, total: number) => void };
/** What asking for push ended with; anything but 'on' means "later, in the settings". */
export type PushOutcome = PushState;

type Context = RegistrationChatContext;

const current = (context: Context): ChatQuestion | undefined => context.questions[context.index];
const currentName = (context: Context): ChatQuestionName | undefined => current(context)?.name;
const indexOf = (context: Context, name: ChatQuestionName) =>
  context.questions.findIndex((question) => question.name === name);

/** The networks still to offer at the socials question. */
export const unlinkedProviders = (context: Pick<Context, 'providers' | 'linked'>) =>
  context.providers.filter((source) => !context.linked.includes(source));

/** The answer's text when it answers the question being asked, else null. */
const asked = (context: Context, event: RegistrationChatEvent): string | null =>
  event.type === 'CHAT.ANSWER' && currentName(context) === event.question ? event.value : null;

/** The server refused what was sent (a 4xx); anything else (no answer, a 5xx) is not the answer's fault. */
const isRefusal = (error: unknown): boolean => {
  const { status } = toRequestError(error);
  return status >= 400 && status < 500;
};

/** A failed step's text: the server's own words for a refusal, else '' (the screen's generic text). */
function stepError(error: unknown): string {
  return isRefusal(error) ? toRequestError(error).message : '';
}

const validDate = (value: string) => value.trim() !== '' && validateBirthday(value).length === 0;

/** The learner's answer goes in place of the question's previous attempt. */
const answered = (context: Context, answer: LearnerAnswer): ChatMessage[] => [
  ...context.messages.slice(0, context.mark),
  { from: 'learner', answer },
];

/** The bot's reply to a failed save: the server's words and the retry line, or only "that failed". */
function failureReply(error: unknown, question: ChatQuestionName): BotMessage[] {
  if (!isRefusal(error)) return [{ kind: 'error', message: '' }];
  return [
    ...refusalWords(toRequestError(error)).map((text) => ({ kind: 'error', message: text }) as const),
    { kind: 'retry', question },
  ];
}

/** The first question to ask and the greeting, from the input. */
function opening(input: RegistrationChatInput) {
  if (!input.user) {
    const welcome = input.welcomeMessages.map((_, index) => ({ kind: 'welcome', index }) as const);
    return { index: 0, name: '', status: null, queue: welcome };
  }
  const { user } = input;
  const index = resumeIndex(input.questions, user.status);
  return {
    index: index < 0 ? input.questions.length : index,
    name: user.firstName.trim(),
    status: user.status,
    queue: [],
  };
}

/** The next queued message goes on screen. */
const revealNext = ({ context }: { context: Context }): Partial<Context> => {
  const [next, ...rest] = context.queue;
  return next ? { messages: [...context.messages, { from: 'bot', say: next }], queue: rest } : {};
};

/** Queues the current question and marks where its answer goes. */
const askQuestion = ({ context }: { context: Context }): Partial<Context> => {
  const name = currentName(context) as ChatQuestionName;
  const queue = [...context.queue, { kind: 'question', question: name, name: context.name } as const];
  return { queue, mark: context.messages.length + queue.length };
};

const sayDone = ({ context }: { context: Context }): Partial<Context> => {
  const queue = [...context.queue, { kind: 'done', name: context.name } as const];
  return { queue, mark: context.messages.length + queue.length };
};

/**
 * The question after the current one. Once the account exists, nothing up to the e-mail question
 * (which made it) is asked again: a name asked again because the server refused it goes on past it.
 */
const nextQuestion = ({ context }: { context: Context }): Partial<Context> => ({
  index: (context.status === null ? context.index : Math.max(context.index, indexOf(context, 'email'))) + 1,
  draft: '',
  typed: '',
  file: null,
  uploadId: null,
});

/** The server refused the name itself (a 4xx with errors under `firstName`): sending it again would too. */
const isNameRefusal = (error: unknown): boolean => {
  const { status, fieldErrors } = toRequestError(error);
  return status >= 400 && status < 500 && (fieldErrors.firstName ?? []).length > 0;
};

/** The question's retry line after a wrong answer. */
const retryLine = ({ context }: { context: Context }): Partial<Context> => ({
  queue: [...context.queue, { kind: 'retry', question: currentName(context) as ChatQuestionName }],
});

/**
 * The bot's answer to a failed check or save of the current answer. A refused answer is gone from the
 * input; one that failed for another reason stays there (the text, or the photo to send again).
 */
const rejectAnswer = ({ context, event }: { context: Context; event: AnyEventObject }): Partial<Context> => ({
  queue: [...context.queue, ...failureReply(event.error, currentName(context) as ChatQuestionName)],
  ...(isRefusal(event.error) ? { typed: '', file: null, uploadId: null } : {}),
});

export const registrationChatMachine = setup({
  types: {
    context: {} as Context,
    events: {} as RegistrationChatEvent,
    input: {} as RegistrationChatInput,
    /**
     * What the screen asks of a state: `answering` (the answer form shows: the question waits, or
     * its answer is being checked or saved), and a step with no answer to resend that is saving or
     * failed (`stepSaving`, `stepFailed`: the name, a status move, the close).
     */
    tags: {} as 'answering' | 'stepSaving' | 'stepFailed',
  },
  actors: {
    validateSignupForm: fromPromise<string[], { email: string }>(unprovided),
    createAccount: fromPromise<CreatedAccount, CreateAccountInput>(unprovided),
    saveName: fromPromise<User, { firstName: string }>(unprovided),
    savePassword: fromPromise<{ token: string; user: User }, { password: string }>(unprovided),
    saveBirthday: fromPromise<User, { birthday: string }>(unprovided),
    uploadImage: fromPromise<MediaFile, PhotoUploadInput>(unprovided),
    attachAvatar: fromPromise<User, { fileId: number }>(unprovided),
    enablePush: fromPromise<PushOutcome>(unprovided),
    updateStatus: fromPromise<User, { status: number }>(unprovided),
  },
  actions: {
    /** Stores the session (the chat stays on screen: no navigation). */
    signIn: (_, _params: { token: string; user: User }) => {},
    updateUser: (_, _params: { user: User }) => {},
    /** Hands the browser to the provider to link a network; it comes back to the chat. */
    openSocialLink: (_, _params: { source: ExternalAuthSource }) => {},
    /** Drops the link outcome from the address (replace), so a reload does not replay it. */
    clearLinkReturn: () => {},
    goToHome: () => {},
  },
  delays: {
    typing: ({ context }) => context.typingMs,
  },
  guards: {
    isGuest: ({ context }) => context.status === null,
    hasNothingLeft: ({ context }) => context.index >= context.questions.length,
    linkedAtSocials: ({ context }) =>
      context.linkReturn?.status === 'success' && currentName(context) === 'socials',
    linkFailedAtSocials: ({ context }) =>
      context.linkReturn?.status === 'fail' && currentName(context) === 'socials',
    cannotAsk: ({ context }) => {
      const question = current(context);
      if (question?.type === 'socials') return unlinkedProviders(context).length === 0;
      if (question?.type === 'push') return !context.canPush;
      return false;
    },
    hasMoreToSay: ({ context }) => context.queue.length > 1,
    needsStatusMove: ({ context }) =>
      context.status !== null && statusAfter(context.questions, context.index + 1) !== context.status,
    isAsked: ({ context, event }) => asked(context, event) !== null,
    isValidName: ({ context, event }) =>
      current(context)?.type === 'text' && isChatName(asked(context, event) ?? ''),
    isNameRefused: (_, params: { error: unknown }) => isNameRefusal(params.error),
    isValidEmail: ({ context, event }) =>
      current(context)?.name === 'email' && validateEmail(asked(context, event) ?? '').length === 0,
    isValidPassword: ({ context, event }) =>
      current(context)?.type === 'password' && validatePassword(asked(context, event) ?? '').length === 0,
    isValidDate: ({ context, event }) =>
      current(context)?.type === 'date' && validDate(asked(context, event) ?? ''),
    isOptional: ({ context }) => current(context)?.required === false,
    isPhotoQuestion: ({ context }) => current(context)?.type === 'image',
    hasUploadedPhoto: ({ context }) =>
      current(context)?.type === 'image' && context.file !== null && context.uploadId !== null,
    hasKeptPhoto: ({ context }) => current(context)?.type === 'image' && context.file !== null,
    isNotImage: ({ context, event }) =>
      current(context)?.type === 'image' && event.type === 'CHAT.PHOTO' && !isImageType(event.file.type),
    isTooLarge: ({ context, event }) =>
      current(context)?.type === 'image' && event.type === 'CHAT.PHOTO' && event.file.size > MAX_AVATAR_BYTES,
    canLink: ({ context, event }) =>
      event.type === 'CHAT.LINK' &&
      current(context)?.type === 'socials' &&
      unlinkedProviders(context).includes(event.source),
    isPushQuestion: ({ context }) => current(context)?.type === 'push',
    hasServerErrors: (_, params: { errors: string[] }) => params.errors.length > 0,
    showsPassword: ({ context }) => current(context)?.type === 'emailWithGeneratedPassword',
    asksName: ({ context }) => indexOf(context, 'firstName') >= 0 && context.name !== '',
    isPushOn: (_, params: { outcome: PushOutcome }) => params.outcome === 'on',
  },
}).createMachine({
  id: 'registrationChat',
  context: ({ input }) => ({
    questions: [...input.questions],
    welcomeMessages: [...input.welcomeMessages],
    typingMs: input.typingMs,
    canPush: input.canPush,
    providers: [...input.providers],
    linked: (input.user?.userExternalAuths ?? []).map((auth) => auth.source),
    linkReturn: input.linkReturn,
    timezone: input.timezone,
    ...opening(input),
    messages: [],
    mark: 0,
    draft: '',
    typed: '',
    file: null,
    photoUrl: '',
    uploadId: null,
    sent: 0,
    total: 0,
    stepError: null,
  }),
  initial: 'start',
  states: {
    start: {
      entry: enqueueActions(({ context, enqueue }) => {
        if (context.linkReturn) enqueue('clearLinkReturn');
      }),
      always: [
        { guard: 'isGuest', target: 'asking' },
        // Signed in, but no chat step is left for this status: the account is made active.
        { guard: 'hasNothingLeft', target: 'closing' },
        {
          guard: 'linkedAtSocials',
          target: 'advancing',
          actions: assign(({ context }) => {
            const network = context.linkReturn?.network ?? null;
            return {
              linked: network ? [...context.linked, network] : context.linked,
              queue: [{ kind: 'linked', network } as const],
              linkReturn: null,
            };
          }),
        },
        {
          guard: 'linkFailedAtSocials',
          target: 'speaking',
          actions: assign(({ context }) => {
            const outcome = context.linkReturn;
            const failed: BotMessage =
              outcome?.status === 'fail'
                ? {
                    kind: 'linkFailed',
                    network: outcome.network,
                    code: outcome.errorCode,
                    message: outcome.errorMessage,
                  }
                : { kind: 'error', message: '' };
            const queue: BotMessage[] = [failed, { kind: 'retry', question: 'socials' }];
            return { queue, mark: queue.length, linkReturn: null };
          }),
        },
        {
          target: 'asking',
          actions: assign(({ context }) => ({
            queue: [{ kind: 'welcomeBack', name: context.name } as const],
            linkReturn: null,
          })),
        },
      ],
    },
    /** Picks the next question to ask, or the closing line. */
    asking: {
      always: [
        { guard: 'hasNothingLeft', target: 'speaking', actions: assign(sayDone) },
        { guard: 'cannotAsk', target: 'advancing' },
        { target: 'speaking', actions: assign(askQuestion) },
      ],
    },
    /** The bot types its queued messages, one per pause. */
    speaking: {
      after: {
        typing: [
          { guard: 'hasMoreToSay', target: 'speaking', reenter: true, actions: assign(revealNext) },
          { guard: 'hasNothingLeft', target: 'finished', actions: assign(revealNext) },
          { target: 'listening', actions: assign(revealNext) },
        ],
      },
    },
    /** The current question waits for its answer. */
    listening: {
      tags: ['answering'],
      entry: assign({ draft: '' }),
      on: {
        'CHAT.ANSWER': [
          {
            guard: 'isValidName',
            target: 'namedLater',
            actions: assign(({ context, event }) => ({
              name: event.value.trim(),
              typed: '',
              messages: answered(context, { kind: 'text', text: event.value.trim() }),
            })),
          },
          {
            guard: 'isValidEmail',
            target: 'checkingEmail',
            actions: assign(({ context, event }) => ({
              draft: normalizeEmail(event.value),
              typed: event.value,
              messages: answered(context, { kind: 'text', text: event.value.trim() }),
            })),
          },
          {
            guard: 'isValidPassword',
            target: 'savingPassword',
            actions: assign(({ context, event }) => ({
              draft: event.value,
              typed: event.value,
              messages: answered(context, { kind: 'secret', length: event.value.length }),
            })),
          },
          {
            guard: 'isValidDate',
            target: 'savingBirthday',
            actions: assign(({ context, event }) => ({
              draft: event.value.trim(),
              typed: event.value,
              messages: answered(context, { kind: 'text', text: event.value.trim() }),
            })),
          },
          {
            // A wrong answer to the question being asked: shown, then the question's retry line.
            guard: 'isAsked',
            target: 'speaking',
            actions: [
              assign(({ context, event }) => ({
                typed: '',
                messages: answered(
                  context,
                  current(context)?.type === 'password'
                    ? { kind: 'secret', length: event.value.length }
                    : { kind: 'text', text: event.value.trim() },
                ),
              })),
              assign(retryLine),
            ],
          },
        ],
        'CHAT.SKIP': {
          guard: 'isOptional',
          target: 'advancing',
          actions: assign(({ context }) => ({
            messages: answered(context, { kind: 'skip', question: currentName(context) as ChatQuestionName }),
          })),
        },
        'CHAT.PHOTO': [
          {
            guard: 'isNotImage',
            target: 'speaking',
            actions: assign(({ context }) => ({
              messages: context.messages.slice(0, context.mark),
              queue: [
                { kind: 'photoRefused', reason: 'notImage' } as const,
                { kind: 'retry', question: 'avatarId' } as const,
              ],
            })),
          },
          {
            guard: 'isTooLarge',
            target: 'speaking',
            actions: assign(({ context }) => ({
              messages: context.messages.slice(0, context.mark),
              queue: [
                { kind: 'photoRefused', reason: 'tooLarge' } as const,
                { kind: 'retry', question: 'avatarId' } as const,
              ],
            })),
          },
          {
            guard: 'isPhotoQuestion',
            target: 'uploading',
            actions: assign(({ context, event }) => ({
              messages: context.messages.slice(0, context.mark),
              file: event.file,
              uploadId: null,
              sent: 0,
              total: event.file.size,
            })),
          },
        ],
        // The photo kept after a failure that was not its fault: attached again once it is uploaded,
        // else uploaded again. The new attempt replaces the failed one in the log.
        'CHAT.RESEND': [
          {
            guard: 'hasUploadedPhoto',
            target: 'attaching',
            actions: assign(({ context }) => ({ messages: context.messages.slice(0, context.mark) })),
          },
          {
            guard: 'hasKeptPhoto',
            target: 'uploading',
            actions: assign(({ context }) => ({
              messages: context.messages.slice(0, context.mark),
              sent: 0,
              total: context.file?.size ?? 0,
            })),
          },
        ],
        'CHAT.LINK': {
          guard: 'canLink',
          target: 'leaving',
          actions: { type: 'openSocialLink', params: ({ event }) => ({ source: event.source }) },
        },
        'CHAT.PUSH': {
          guard: 'isPushQuestion',
          target: 'enablingPush',
          actions: assign(({ context }) => ({ messages: answered(context, { kind: 'allowPush' }) })),
        },
      },
    },
    /** A guest's name waits for the account; a name asked again after the server refused it is saved now. */
    namedLater: {
      always: [{ guard: 'isGuest', target: 'advancing' }, { target: 'savingName' }],
    },
    checkingEmail: {
      tags: ['answering'],
      invoke: {
        id: 'validateSignupForm',
        src: 'validateSignupForm',
        input: ({ context }) => ({ email: context.draft }),
        onDone: [
          {
            guard: { type: 'hasServerErrors', params: ({ event }) => ({ errors: event.output }) },
            target: 'speaking',
            actions: [
              assign(({ context, event }) => ({
                queue: [
                  ...context.queue,
                  ...event.output.map((message) => ({ kind: 'error', message }) as const),
                ],
                typed: '',
              })),
              assign(retryLine),
            ],
          },
          { target: 'creatingAccount' },
        ],
        // The check is a convenience: the sign-up call checks the e-mail again.
        onError: { target: 'creatingAccount' },
      },
    },
    creatingAccount: {
      tags: ['answering'],
      invoke: {
        id: 'createAccount',
        src: 'createAccount',
        input: ({ context }) => ({
          email: context.draft,
          timezone: context.timezone,
          status: statusAfter(context.questions, context.index + 1),
        }),
        onDone: {
          target: 'savingName',
          actions: [
            {
              type: 'signIn',
              params: ({ event }) => ({ token: event.output.token, user: event.output.user }),
            },
            assign(({ context }) => ({
              status: statusAfter(context.questions, context.index + 1),
              draft: '',
              typed: '',
            })),
            enqueueActions(({ context, event, enqueue, check }) => {
              if (check('showsPassword')) {
                enqueue.assign({
                  queue: [
                    ...context.queue,
                    { kind: 'generatedPassword', password: event.output.password } as const,
                  ],
                });
              }
            }),
          ],
        },
        onError: {
          target: 'speaking',
          actions: assign(rejectAnswer),
        },
      },
    },
    /** The name answered before the account existed is saved on it. */
    savingName: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'asksName', target: 'saving' }, { target: '#registrationChat.advancing' }],
        },
        saving: {
          tags: ['stepSaving'],
          invoke: {
            id: 'saveName',
            src: 'saveName',
            input: ({ context }) => ({ firstName: context.name }),
            onDone: {
              target: '#registrationChat.advancing',
              actions: { type: 'updateUser', params: ({ event }) => ({ user: event.output }) },
            },
            onError: [
              {
                // Sending the same name again would fail the same way: the name question comes back.
                guard: { type: 'isNameRefused', params: ({ event }) => ({ error: event.error }) },
                target: '#registrationChat.speaking',
                actions: assign(({ context, event }) => {
                  const queue = [...context.queue, ...failureReply(event.error, 'firstName')];
                  // The first refusal asks after the bot's lines; a later one replaces the attempt
                  // before it, as a wrong answer does, so the log keeps one try.
                  const again = currentName(context) === 'firstName';
                  const mark = again ? context.mark : context.messages.length + queue.length;
                  return { index: indexOf(context, 'firstName'), queue, mark };
                }),
              },
              {
                target: 'failed',
                actions: assign({ stepError: ({ event }) => stepError(event.error) }),
              },
            ],
          },
        },
        failed: {
          tags: ['stepFailed'],
          on: { 'CHAT.RETRY': { target: 'saving', actions: assign({ stepError: null }) } },
        },
      },
    },
    savingPassword: {
      tags: ['answering'],
      invoke: {
        id: 'savePassword',
        src: 'savePassword',
        input: ({ context }) => ({ password: context.draft }),
        onDone: {
          target: 'advancing',
          actions: [
            { type: 'signIn', params: ({ event }) => event.output },
            assign({ draft: '', typed: '' }),
          ],
        },
        onError: {
          target: 'speaking',
          actions: [assign(rejectAnswer), assign({ draft: '' })],
        },
      },
    },
    savingBirthday: {
      tags: ['answering'],
      invoke: {
        id: 'saveBirthday',
        src: 'saveBirthday',
        input: ({ context }) => ({ birthday: context.draft }),
        onDone: {
          target: 'advancing',
          actions: [
            { type: 'updateUser', params: ({ event }) => ({ user: event.output }) },
            assign({ typed: '' }),
          ],
        },
        onError: {
          target: 'speaking',
          actions: assign(rejectAnswer),
        },
      },
    },
    uploading: {
      tags: ['answering'],
      invoke: {
        id: 'uploadImage',
        src: 'uploadImage',
        input: ({ context, self }) => ({
          // Only entered from a pick, which sets the file.
          file: context.file as File,
          onProgress: (sent: number, total: number) => self.send({ type: 'UPLOAD.PROGRESS', sent, total }),
        }),
        onDone: {
          target: 'attaching',
          actions: assign(({ context, event }) => ({
            sent: context.total,
            uploadId: event.output.id,
            photoUrl: event.output.urls?.small ?? event.output.url,
          })),
        },
        onError: {
          target: 'speaking',
          actions: assign(rejectAnswer),
        },
      },
      on: {
        'UPLOAD.PROGRESS': { actions: assign(({ event }) => ({ sent: event.sent, total: event.total })) },
        // Leaving the state stops the upload actor, whose signal aborts the request.
        'CHAT.CANCEL': {
          target: 'listening',
          actions: assign({ file: null, uploadId: null, sent: 0, total: 0 }),
        },
      },
    },
    attaching: {
      tags: ['answering'],
      invoke: {
        id: 'attachAvatar',
        src: 'attachAvatar',
        input: ({ context }) => ({ fileId: context.uploadId as number }),
        onDone: {
          target: 'advancing',
          actions: [
            { type: 'updateUser', params: ({ event }) => ({ user: event.output }) },
            assign(({ context }) => ({
              messages: answered(context, { kind: 'photo', url: context.photoUrl }),
              file: null,
              uploadId: null,
            })),
          ],
        },
        onError: {
          target: 'speaking',
          actions: assign(rejectAnswer),
        },
      },
    },
    enablingPush: {
      tags: ['answering'],
      invoke: {
        id: 'enablePush',
        src: 'enablePush',
        onDone: [
          {
            guard: { type: 'isPushOn', params: ({ event }) => ({ outcome: event.output }) },
            target: 'advancing',
          },
          {
            target: 'advancing',
            actions: assign(({ context }) => ({ queue: [...context.queue, { kind: 'pushLater' } as const] })),
          },
        ],
        onError: {
          target: 'advancing',
          actions: assign(({ context }) => ({ queue: [...context.queue, { kind: 'pushLater' } as const] })),
        },
      },
    },
    /** After an answer (or a skip): the status moves when the next question is of a later stage. */
    advancing: {
      always: [
        { guard: 'needsStatusMove', target: 'updatingStatus' },
        { target: 'asking', actions: assign(nextQuestion) },
      ],
    },
    updatingStatus: {
      initial: 'saving',
      states: {
        saving: {
          tags: ['stepSaving'],
          invoke: {
            id: 'updateStatus',
            src: 'updateStatus',
            input: ({ context }) => ({ status: statusAfter(context.questions, context.index + 1) }),
            onDone: {
              target: '#registrationChat.asking',
              actions: [
                { type: 'updateUser', params: ({ event }) => ({ user: event.output }) },
                assign(({ context }) => ({ status: statusAfter(context.questions, context.index + 1) })),
                assign(nextQuestion),
              ],
            },
            onError: {
              target: 'failed',
              actions: assign({ stepError: ({ event }) => stepError(event.error) }),
            },
          },
        },
        failed: {
          tags: ['stepFailed'],
          on: { 'CHAT.RETRY': { target: 'saving', actions: assign({ stepError: null }) } },
        },
      },
    },
    /** Signed in at a chat status with nothing left to ask: the account becomes active, then home. */
    closing: {
      initial: 'saving',
      states: {
        saving: {
          tags: ['stepSaving'],
          invoke: {
            id: 'closeChat',
            src: 'updateStatus',
            input: () => ({ status: ACTIVE_STATUS }),
            onDone: {
              target: '#registrationChat.closed',
              actions: [{ type: 'updateUser', params: ({ event }) => ({ user: event.output }) }, 'goToHome'],
            },
            onError: {
              target: 'failed',
              actions: assign({ stepError: ({ event }) => stepError(event.error) }),
            },
          },
        },
        failed: {
          tags: ['stepFailed'],
          on: { 'CHAT.RETRY': { target: 'saving', actions: assign({ stepError: null }) } },
        },
      },
    },
    /** "All set": the learner goes home when they are ready. */
    finished: {
      on: { 'CHAT.FINISH': { target: 'closed', actions: 'goToHome' } },
    },
    /** The browser is on its way to the provider; the chat resumes when it comes back. */
    leaving: { tags: ['answering'] },
    closed: { type: 'final' },
  },
});
