import { describe, expect, it } from 'vitest';
import { isDayLocked } from '../../../../src/domain/learning/dayLock';

const demo = { isDemo: true, courseFullAccess: false };
const demoWithFullAccess = { isDemo: true, courseFullAccess: true };
const regular = { isDemo: false, courseFullAccess: false };

describe('day lock (content spec, section 4)', () => {
  it.each([
    ['a demo day that is open', demo, { isDemoAccessible: true, isOpenByTimeDelay: true }, false],
    ['a demo day without a time delay mark', demo, { isDemoAccessible: true }, false],
    [
      'a demo day with a null time delay mark',
      demo,
      { isDemoAccessible: true, isOpenByTimeDelay: null },
      false,
    ],
    ['a day not demo-accessible', demo, { isDemoAccessible: false, isOpenByTimeDelay: true }, true],
    ['a day not yet open by time delay', demo, { isDemoAccessible: true, isOpenByTimeDelay: false }, true],
    [
      'a closed day with full access',
      demoWithFullAccess,
      { isDemoAccessible: false, isOpenByTimeDelay: false },
      false,
    ],
    [
      'a closed day of a regular stream',
      regular,
      { isDemoAccessible: false, isOpenByTimeDelay: false },
      false,
    ],
  ])('%s', (_, stream, day, expected) => {
    expect(isDayLocked(stream, day)).toBe(expected);
  });
});
