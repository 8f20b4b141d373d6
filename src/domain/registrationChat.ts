/**
 * The registration chat's rules (shell spec, sections 4 and 5; docs/REGISTRATION_CHAT.md): which
 * questions exist, their types, and the user statuses of its steps. Pure, shared by the brand check,
 * the chat machine and the route guard. The brand check and the route guard put this module in the
 * sign-in page's chunk, so what only the chat runs is in `registrationChatSteps.ts`.
 */

/** A question the brand may ask, in the one order the chat asks them. */
export const CHAT_QUESTIONS = [
  'firstName',
  'email',
  'password',
  'socials',
  'birthday',
  'avatarId',
  'push',
] as const;
export type ChatQuestionName = (typeof CHAT_QUESTIONS)[number];

/**
 * The answer a question takes. `emailWithGeneratedPassword` is the spec's variant that makes the
 * password itself and shows it afterwards; a brand using it asks no `password` question.
 */
export type ChatQuestionType =
  | 'text'
  | 'email'
  | 'emailWithGeneratedPassword'
  | 'password'
  | 'socials'
  | 'date'
  | 'image'
  | 'push';

export const QUESTION_TYPES: Readonly<Record<ChatQuestionName, readonly ChatQuestionType[]>> = {
  firstName: ['text'],
  email: ['email', 'emailWithGeneratedPassword'],
  password: ['password'],
  socials: ['socials'],
  birthday: ['date'],
  avatarId: ['image'],
  push: ['push'],
};

export type ChatQuestion = { name: ChatQuestionName; type: ChatQuestionType; required: boolean };

/** Where the chat's steps live (shell spec, section 9): password at 20, birthday at 30, photo at 40. */
export const REGISTRATION_STATUS = { password: 20, birthday: 30, photo: 40 } as const;
/** An account that has finished (or never had) the chat. */
export const ACTIVE_STATUS = 10;

/** Whether the user's status says the chat is not finished. */
export const isRegistrationStatus = (status: number): status is 20 | 30 | 40 =>
  status === REGISTRATION_STATUS.password ||
  status === REGISTRATION_STATUS.birthday ||
  status === REGISTRATION_STATUS.photo;

/**
 * Whether a user at status `from` may be moved to `to`: the chat only goes forward (20, 30, 40,
 * then active), and staying put is allowed so a repeated request is harmless.
 */
export function isStatusStep(from: number, to: number): boolean {
  if (from === to) return true;
  if (!isRegistrationStatus(from)) return false;
  return to === ACTIVE_STATUS || (isRegistrationStatus(to) && to > from);
}

/**
 * The brand's question list must be one the chat can run: known names with their types, each once,
 * in the chat's order, an e-mail question (the account is made from it), and a password question
 * exactly when the e-mail does not generate one. Answers the first problem, or null.
 */
export function questionListProblem(questions: readonly ChatQuestion[]): string | null {
  if (questions.length === 0) return null;
  let previous = -1;
  for (const question of questions) {
    const position = CHAT_QUESTIONS.indexOf(question.name);
    if (position < 0) return `unknown question ${question.name}`;
    if (!QUESTION_TYPES[question.name].includes(question.type)) {
      return `question ${question.name} cannot be of type ${question.type}`;
    }
    if (position <= previous)
      return `question ${question.name} is repeated or out of order (${CHAT_QUESTIONS.join(', ')})`;
    previous = position;
  }
  const email = questions.find((question) => question.name === 'email');
  if (!email) return 'the chat needs an email question';
  if (!email.required) return 'the email question must be required';
  const generates = email.type === 'emailWithGeneratedPassword';
  const password = questions.find((question) => question.name === 'password');
  if (generates && password) return 'a generated password replaces the password question';
  if (!generates && !password) return 'the chat needs a password question (or an email that generates one)';
  if (password && !password.required) return 'the password question must be required';
  return null;
}
