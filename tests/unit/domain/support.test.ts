import { describe, expect, it } from 'vitest';
import {
  choiceFromPath,
  isRenewalChoice,
  NO_CHOICE,
  offeredChoice,
  renewalCategoryIds,
  supportCourses,
} from '../../../src/domain/support';

const categories = [
  { id: 1, sort: 1, title: 'Technical problem' },
  { id: 7, sort: 2, title: 'Renewal' },
];
const courses = [{ streamId: 11, title: 'Morning yoga' }];

describe('choiceFromPath', () => {
  it('reads a topic, a stream or "none" from the path', () => {
    expect(choiceFromPath(undefined, undefined)).toEqual(NO_CHOICE);
    expect(choiceFromPath('7', undefined)).toEqual({ categoryId: 7, course: null });
    expect(choiceFromPath('7', '11')).toEqual({ categoryId: 7, course: 11 });
    expect(choiceFromPath('1', 'none')).toEqual({ categoryId: 1, course: 'none' });
  });

  it('reads what is not a whole number as an id nothing offers, so the address is put right', () => {
    expect(choiceFromPath('x', '11')).toEqual({ categoryId: 0, course: null });
    expect(choiceFromPath('-1', undefined)).toEqual({ categoryId: 0, course: null });
    expect(choiceFromPath('7', '1.5')).toEqual({ categoryId: 7, course: 0 });
    expect(offeredChoice(choiceFromPath('x', undefined), categories, courses)).toEqual(NO_CHOICE);
    expect(offeredChoice(choiceFromPath('7', 'abc'), categories, courses)).toEqual({
      categoryId: 7,
      course: null,
    });
  });
});

describe('offeredChoice', () => {
  it('keeps what the lists offer', () => {
    expect(offeredChoice({ categoryId: 7, course: 11 }, categories, courses)).toEqual({
      categoryId: 7,
      course: 11,
    });
    expect(offeredChoice({ categoryId: 1, course: 'none' }, categories, courses)).toEqual({
      categoryId: 1,
      course: 'none',
    });
  });

  it('asks again for an unknown topic, or an unknown course under a known topic', () => {
    expect(offeredChoice({ categoryId: 99, course: 11 }, categories, courses)).toEqual(NO_CHOICE);
    expect(offeredChoice({ categoryId: 7, course: 12 }, categories, courses)).toEqual({
      categoryId: 7,
      course: null,
    });
  });
});

describe('renewals', () => {
  it('are the brand’s renewal topics about one of the learner’s courses', () => {
    const ids = renewalCategoryIds({ passHomework: 3, renewCourse: 6, renewConsultation: 7 });
    expect(ids).toEqual([6, 7]);
    expect(isRenewalChoice({ categoryId: 6, course: 11 }, ids)).toBe(true);
    expect(isRenewalChoice({ categoryId: 6, course: 'none' }, ids)).toBe(false);
    expect(isRenewalChoice({ categoryId: 3, course: 11 }, ids)).toBe(false);
    expect(isRenewalChoice(NO_CHOICE, ids)).toBe(false);
  });
});

describe('supportCourses', () => {
  it('names each stream by its course, or by its id when the course is not listed', () => {
    const streams = [
      { id: 11, courseId: 2 },
      { id: 12, courseId: 3 },
    ];
    expect(supportCourses(streams, [{ id: 2, title: 'Morning yoga' }])).toEqual([
      { streamId: 11, title: 'Morning yoga' },
      { streamId: 12, title: '#12' },
    ]);
  });
});
