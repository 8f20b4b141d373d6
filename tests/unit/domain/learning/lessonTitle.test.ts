import { describe, expect, it } from 'vitest';
import { splitLessonTitle } from '../../../../src/domain/learning/lessonTitle';

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
