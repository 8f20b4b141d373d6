import { describe, expect, it } from 'vitest';
import { isDayLocked, isDayNotOpenYet } from '../../../../src/domain/learning/dayLock';
import type { StreamStatus } from '../../../../src/domain/learning/streamStatus';

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

describe("a full stream's day not open yet", () => {
  const full = (status: StreamStatus) => ({ isDemo: false, status });
  it.each([
    ["an open stream's day open by its delay", full('open'), { isOpenByTimeDelay: true }, false],
    ["an open stream's day without a time delay mark", full('open'), {}, false],
    ["an open stream's day before its delay", full('open'), { isOpenByTimeDelay: false }, true],
    ['a day of a stream not started', full('not_started'), { isOpenByTimeDelay: true }, true],
    ['a day of a frozen stream', full('freeze'), { isOpenByTimeDelay: true }, true],
    [
      "a demo stream's day before its delay: the demo lock decides",
      { isDemo: true, status: 'open' as const },
      { isOpenByTimeDelay: false },
      false,
    ],
    [
      'a demo stream not started',
      { isDemo: true, status: 'not_started' as const },
      { isOpenByTimeDelay: true },
      false,
    ],
  ])('%s', (_, stream, day, expected) => {
    expect(isDayNotOpenYet(stream, day)).toBe(expected);
  });
});
