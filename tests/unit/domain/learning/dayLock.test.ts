import { describe, expect, it } from 'vitest';
import { isDayLocked, isDayLockedToDemo, isDayNotOpenYet } from '../../../../src/domain/learning/dayLock';
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

describe('the lock only the full version lifts', () => {
  it.each([
    ['a day not demo-accessible', demo, { isDemoAccessible: false, isOpenByTimeDelay: true }, true],
    [
      'a demo-accessible day before its delay',
      demo,
      { isDemoAccessible: true, isOpenByTimeDelay: false },
      false,
    ],
    ['a day not demo-accessible, with full access', demoWithFullAccess, { isDemoAccessible: false }, false],
    ['a day of a regular stream', regular, { isDemoAccessible: false }, false],
  ])('%s', (_, stream, day, expected) => {
    expect(isDayLockedToDemo(stream, day)).toBe(expected);
  });
});

describe('a day not open yet', () => {
  const full = (status: StreamStatus) => ({ isDemo: false, courseFullAccess: false, status });
  const demoStream = (status: StreamStatus) => ({ ...demo, status });
  it.each([
    [
      "an open stream's day open by its delay",
      full('open'),
      { isDemoAccessible: true, isOpenByTimeDelay: true },
      false,
    ],
    ["an open stream's day without a time delay mark", full('open'), { isDemoAccessible: true }, false],
    [
      "an open stream's day before its delay",
      full('open'),
      { isDemoAccessible: true, isOpenByTimeDelay: false },
      true,
    ],
    [
      'a day of a stream not started',
      full('not_started'),
      { isDemoAccessible: true, isOpenByTimeDelay: true },
      true,
    ],
    ['a day of a frozen stream', full('freeze'), { isDemoAccessible: true, isOpenByTimeDelay: true }, true],
    [
      'a demo-accessible day of a demo stream before its delay: it opens on its date',
      demoStream('open'),
      { isDemoAccessible: true, isOpenByTimeDelay: false },
      true,
    ],
    [
      'a demo day not demo-accessible and before its delay: the demo lock decides',
      demoStream('open'),
      { isDemoAccessible: false, isOpenByTimeDelay: false },
      false,
    ],
    [
      'a demo stream not started',
      demoStream('not_started'),
      { isDemoAccessible: true, isOpenByTimeDelay: true },
      false,
    ],
  ])('%s', (_, stream, day, expected) => {
    expect(isDayNotOpenYet(stream, day)).toBe(expected);
  });
});
