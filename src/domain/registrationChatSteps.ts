import { hasHiddenCharacters } from './hiddenCharacters';
import { NAME_MAX_LENGTH } from './limits';
import { isOneLine } from './oneLine';
import {
  ACTIVE_STATUS,
  type ChatQuestion,
  type ChatQuestionName,
  isRegistrationStatus,
  REGISTRATION_STATUS,
} from './registrationChat';
import { characterCount, hasVisibleText } from './text';

/**
 * What only the registration chat itself runs (docs/REGISTRATION_CHAT.md): the name it takes and the
 * status each step moves the account to. A module of its own because `registrationChat.ts` is in the
 * sign-in page's chunk (the brand check and the route guard read it), and a module lands there whole.
 */

/**
 * A first name the chat takes, as it sends it (trimmed): something visible (a zero-width space is no
 * name), one line without controls, direction marks or hidden characters (the server's name rule: a
 * name it would refuse only after the account is made must be asked for again here), not too long.
 */
export function isChatName(value: string): boolean {
  const name = value.trim();
  return (
    hasVisibleText(name) &&
    isOneLine(name) &&
    !hasHiddenCharacters(name) &&
    characterCount(name) <= NAME_MAX_LENGTH
  );
}

/** The stage a question belongs to: `guest` before the account exists, else the status it runs at. */
type ChatStage = 'guest' | 20 | 30 | 40;

const STAGE_OF: Readonly<Record<ChatQuestionName, ChatStage>> = {
  firstName: 'guest',
  email: 'guest',
  password: REGISTRATION_STATUS.password,
  socials: REGISTRATION_STATUS.birthday,
  birthday: REGISTRATION_STATUS.birthday,
  avatarId: REGISTRATION_STATUS.photo,
  push: REGISTRATION_STATUS.photo,
};

const stageOf = (name: ChatQuestionName): ChatStage => STAGE_OF[name];

/**
 * The status to store once every question before `index` is answered: the stage of the next
 * question still to ask, or active when none is left. The e-mail step with a generated password
 * covers the password step, so its account moves straight past 20.
 */
export function statusAfter(questions: readonly ChatQuestion[], index: number): number {
  const next = questions.slice(index).find((question) => stageOf(question.name) !== 'guest');
  return next ? (stageOf(next.name) as number) : ACTIVE_STATUS;
}

/** The first question a signed-in user with `status` is asked (resuming the chat), or -1 when none is left. */
export function resumeIndex(questions: readonly ChatQuestion[], status: number): number {
  if (!isRegistrationStatus(status)) return -1;
  return questions.findIndex((question) => {
    const stage = stageOf(question.name);
    return stage !== 'guest' && stage >= status;
  });
}
