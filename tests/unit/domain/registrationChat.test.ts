import { describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH } from '../../../src/domain/limits';
import { type ChatQuestion, isStatusStep, questionListProblem } from '../../../src/domain/registrationChat';
import { isChatName, resumeIndex, statusAfter } from '../../../src/domain/registrationChatSteps';

const q = (name: ChatQuestion['name'], type: ChatQuestion['type'], required = false): ChatQuestion => ({
  name,
  type,
  required,
});

/** The full chat of the spec, with the password asked. */
const FULL: ChatQuestion[] = [
  q('firstName', 'text', true),
  q('email', 'email', true),
  q('password', 'password', true),
  q('socials', 'socials'),
  q('birthday', 'date'),
  q('avatarId', 'image'),
  q('push', 'push'),
];
/** The variant whose e-mail step makes the password and shows it. */
const GENERATED: ChatQuestion[] = [q('email', 'emailWithGeneratedPassword', true), q('avatarId', 'image')];

describe('statusAfter: the status stored once the questions before an index are answered', () => {
  it.each([
    [FULL, 2, 20],
    [FULL, 3, 30],
    [FULL, 4, 30],
    [FULL, 5, 40],
    [FULL, 6, 40],
    [FULL, 7, 10],
    [GENERATED, 1, 40],
    [GENERATED, 2, 10],
    [[q('email', 'email', true), q('password', 'password', true)], 2, 10],
  ])('%#: after index %i → %i', (questions, index, status) => {
    expect(statusAfter(questions, index)).toBe(status);
  });
});

describe('resumeIndex: where a signed-in learner continues', () => {
  it.each([
    [FULL, 20, 2],
    [FULL, 30, 3],
    [FULL, 40, 5],
    [GENERATED, 20, 1],
    [GENERATED, 30, 1],
    [GENERATED, 40, 1],
    [[q('email', 'email', true), q('password', 'password', true)], 30, -1],
    [FULL, 10, -1],
    [FULL, 0, -1],
  ])('%#: status %i → question %i', (questions, status, index) => {
    expect(resumeIndex(questions, status)).toBe(index);
  });
});

describe('isStatusStep: the chat only goes forward', () => {
  it.each([
    [20, 30, true],
    [20, 40, true],
    [20, 10, true],
    [30, 40, true],
    [40, 10, true],
    [30, 30, true],
    [10, 10, true],
    [30, 20, false],
    [40, 30, false],
    [10, 20, false],
    [10, 40, false],
    [0, 10, false],
  ])('%i → %i: %s', (from, to, allowed) => {
    expect(isStatusStep(from, to)).toBe(allowed);
  });
});

describe('questionListProblem: a brand’s question list must be one the chat can run', () => {
  it('accepts the full chat, the generated-password variant and no chat at all', () => {
    expect(questionListProblem(FULL)).toBeNull();
    expect(questionListProblem(GENERATED)).toBeNull();
    expect(questionListProblem([])).toBeNull();
  });

  it.each<[string, ChatQuestion[], string]>([
    ['no e-mail', [q('password', 'password', true)], 'the chat needs an email question'],
    [
      'an optional e-mail',
      [q('email', 'email'), q('password', 'password', true)],
      'the email question must be required',
    ],
    [
      'no password',
      [q('email', 'email', true)],
      'the chat needs a password question (or an email that generates one)',
    ],
    [
      'a generated password and a password question',
      [q('email', 'emailWithGeneratedPassword', true), q('password', 'password', true)],
      'a generated password replaces the password question',
    ],
    [
      'an optional password',
      [q('email', 'email', true), q('password', 'password')],
      'the password question must be required',
    ],
    [
      'a wrong type',
      [q('email', 'email', true), q('password', 'text', true)],
      'question password cannot be of type text',
    ],
    [
      'out of order',
      [q('email', 'email', true), q('firstName', 'text', true), q('password', 'password', true)],
      'question firstName is repeated or out of order (firstName, email, password, socials, birthday, avatarId, push)',
    ],
    [
      'repeated',
      [q('email', 'email', true), q('email', 'email', true), q('password', 'password', true)],
      'question email is repeated or out of order (firstName, email, password, socials, birthday, avatarId, push)',
    ],
  ])('refuses %s', (_, questions, problem) => {
    expect(questionListProblem(questions)).toBe(problem);
  });
});

describe('isChatName: the first name the chat takes', () => {
  it.each(['Ada', ' Аня ', '\u{1f600}'.repeat(NAME_MAX_LENGTH), 'a'.repeat(NAME_MAX_LENGTH)])(
    'takes %j',
    (name) => {
      expect(isChatName(name)).toBe(true);
    },
  );
  it.each(['', '   ', '\u200b', '\u3164', '\u115f\u1160', '\uffa0', '\u0301', '\u00ad\ufeff'])(
    'refuses %j, which shows nothing',
    (name) => {
      expect(isChatName(name)).toBe(false);
    },
  );
  it.each(['Zoe\u200f', 'Zoe\u200e', '\u202eZoe', 'Zo\u2066e', 'Zo\te', 'Zo\u0007e', 'Zo\u0085e'])(
    'refuses %j, which the server refuses as a name (controls, direction marks)',
    (name) => {
      expect(isChatName(name)).toBe(false);
    },
  );
  it.each(['Zo\u200be', 'Zoe\u00ad', 'Zo\ue000e', 'Zoe\uffff'])(
    'refuses %j, which the server refuses as a name (hidden characters)',
    (name) => {
      expect(isChatName(name)).toBe(false);
    },
  );
  it.each(['\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645', '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}'])(
    'takes %j, whose joiners are how it is spelt',
    (name) => {
      expect(isChatName(name)).toBe(true);
    },
  );
  it('refuses more than 64 characters', () => {
    expect(isChatName('a'.repeat(NAME_MAX_LENGTH + 1))).toBe(false);
    expect(isChatName('\u{1f600}'.repeat(NAME_MAX_LENGTH + 1))).toBe(false);
  });
});
