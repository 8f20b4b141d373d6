import { describe, expect, it } from 'vitest';
import { lessonPartOf, splitLessonTitle } from '../../../../src/domain/learning/lessonTitle';

describe('lesson title marker', () => {
  it.each([
    ['Squat (analysis)', 'Squat', 'analysis'],
    ['Squat (Execution) ', 'Squat', 'Execution'],
    ['Squat [THEORY]', 'Squat', 'THEORY'],
    ['Присед (разбор)', 'Присед', 'разбор'],
    ['Присед [Выполнение]', 'Присед', 'Выполнение'],
    ['Присед (ТЕОРИЯ)', 'Присед', 'ТЕОРИЯ'],
    ['Sentadilla (análisis)', 'Sentadilla', 'análisis'],
    ['Squat (part 2) (theory)', 'Squat (part 2)', 'theory'],
    ['Squat', 'Squat', null],
    ['Squat (part 2)', 'Squat (part 2)', null],
    ['Squat (theory] ', 'Squat (theory]', null],
    ['Theory of squats (theory) for beginners', 'Theory of squats (theory) for beginners', null],
    ['(theory)', '(theory)', null],
  ])('%j', (raw, title, subtitle) => {
    expect(splitLessonTitle(raw)).toEqual({ title, subtitle });
  });
});

describe('the part a lesson marker names', () => {
  it.each([
    ['analysis', 'analysis'],
    ['Analysis', 'analysis'],
    ['РАЗБОР', 'analysis'],
    ['análisis', 'analysis'],
    ['Execution', 'execution'],
    ['выполнение', 'execution'],
    ['Ejecución', 'execution'],
    ['theory', 'theory'],
    ['Теория', 'theory'],
    ['TEORÍA', 'theory'],
    ['part 2', null],
    ['warm-up', null],
    ['', null],
  ])('%j: %s', (subtitle, part) => {
    expect(lessonPartOf(subtitle)).toBe(part);
  });

  it('names the part of every marker a title can end in', () => {
    for (const raw of ['Squat (execution)', 'Присед [теория]', 'Sentadilla (ANÁLISIS)']) {
      const { subtitle } = splitLessonTitle(raw);
      expect(subtitle === null ? null : lessonPartOf(subtitle)).not.toBeNull();
    }
  });
});
