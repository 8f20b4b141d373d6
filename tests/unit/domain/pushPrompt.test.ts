import { describe, expect, it } from 'vitest';
import {
  isDeclineFresh,
  isPromptDue,
  PUSH_PROMPT_DECLINE_MS,
  PUSH_PROMPT_PAGE_VIEWS,
  PUSH_PROMPT_VISIBLE_MS,
} from '../../../src/domain/pushPrompt';

describe('push prompt', () => {
  it('is due after 1000 page views or 100000 ms in view, whichever comes first', () => {
    expect(PUSH_PROMPT_PAGE_VIEWS).toBe(1000);
    expect(PUSH_PROMPT_VISIBLE_MS).toBe(100_000);
    expect(isPromptDue(999, 99_999)).toBe(false);
    expect(isPromptDue(1000, 0)).toBe(true);
    expect(isPromptDue(0, 100_000)).toBe(true);
  });

  it('holds a Not now for 30 days', () => {
    const now = 1_800_000_000_000;
    expect(isDeclineFresh(null, now)).toBe(false);
    expect(isDeclineFresh(now - PUSH_PROMPT_DECLINE_MS + 1, now)).toBe(true);
    expect(isDeclineFresh(now - PUSH_PROMPT_DECLINE_MS, now)).toBe(false);
    // A clock set back since the answer does not ask again at once.
    expect(isDeclineFresh(now + 1000, now)).toBe(true);
  });
});
