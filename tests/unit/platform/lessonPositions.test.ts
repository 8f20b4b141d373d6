// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { lessonPositions, MAX_KEPT_POSITIONS } from '../../../src/platform/lessonPositions';

describe('where the learner left lessons, on this browser', () => {
  beforeEach(() => window.localStorage.clear());

  it('answers the kept position of each lesson asked for, by stream', () => {
    lessonPositions.keep(5, 301, 42);
    lessonPositions.keep(5, 302, 0);
    lessonPositions.keep(6, 301, 7);
    expect(lessonPositions.of(5, [301, 302, 303])).toEqual({ 301: 42, 302: 0 });
    expect(lessonPositions.of(6, [301])).toEqual({ 301: 7 });
    lessonPositions.keep(5, 301, 50);
    expect(lessonPositions.of(5, [301])).toEqual({ 301: 50 });
  });

  it('forgets every position when the session ends', () => {
    lessonPositions.keep(5, 301, 42);
    lessonPositions.forget();
    expect(lessonPositions.of(5, [301])).toEqual({});
  });

  it('keeps the most recently left lessons only', () => {
    for (let id = 1; id <= MAX_KEPT_POSITIONS + 2; id++) lessonPositions.keep(1, id, id);
    // Left again, the oldest left is among the newest; one more lesson then pushes out the next oldest.
    lessonPositions.keep(1, 3, 30);
    lessonPositions.keep(1, 999, 1);
    const ids = [...Array.from({ length: MAX_KEPT_POSITIONS + 2 }, (_, index) => index + 1), 999];
    const all = lessonPositions.of(1, ids);
    expect(Object.keys(all)).toHaveLength(MAX_KEPT_POSITIONS);
    expect([all[1], all[2], all[4]]).toEqual([undefined, undefined, undefined]);
    expect([all[3], all[5], all[999]]).toEqual([30, 5, 1]);
  });

  it('reads storage it did not write as nothing kept', () => {
    window.localStorage.setItem('lesson-positions', '[1,2]');
    expect(lessonPositions.of(5, [301])).toEqual({});
    window.localStorage.setItem('lesson-positions', '{"5:301":"far"}');
    expect(lessonPositions.of(5, [301])).toEqual({});
    window.localStorage.setItem('lesson-positions', 'not json');
    expect(lessonPositions.of(5, [301])).toEqual({});
    lessonPositions.keep(5, 301, 9);
    expect(lessonPositions.of(5, [301])).toEqual({ 301: 9 });
  });
});
