// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { historyEntry } from '../../../src/platform/historyEntry';

describe('values kept with the history entry', () => {
  it('are read back on the same entry, beside the state the router keeps there', () => {
    window.history.replaceState({ __TSR_key: 'k1' }, '');
    expect(historyEntry.read('myCoursesTab')).toBeUndefined();
    historyEntry.write('myCoursesTab', 'ended');
    expect(historyEntry.read('myCoursesTab')).toBe('ended');
    expect(window.history.state).toEqual({ __TSR_key: 'k1', myCoursesTab: 'ended' });
  });

  it('start afresh on a new entry', () => {
    historyEntry.write('myCoursesTab', 'ended');
    window.history.pushState({ __TSR_key: 'k2' }, '', '/elsewhere');
    expect(historyEntry.read('myCoursesTab')).toBeUndefined();
  });
});
