import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { quietCalls } from '../../../src/platform/quietCalls';

/** The running app's client, with a session. */
const clientWithSession = () =>
  createApiClient({ token: () => 't', language: () => 'en', appId: 'brand-app', onUnauthorized: () => {} });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('quietCalls', () => {
  /** Calls that stay under way until `answerAll` answers them all. */
  function heldCalls() {
    const answers: Array<(response: Response) => void> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve))),
    );
    const answerAll = () => {
      for (const answer of answers.splice(0)) answer(new Response(JSON.stringify({ data: {} })));
    };
    return { answerAll };
  }
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits until no call has been under way for the whole quiet time, through the gaps between calls', async () => {
    vi.useFakeTimers();
    const { answerAll } = heldCalls();
    const api = clientWithSession();
    const call = (path: string) => api.request(v.unknown(), path).catch(() => {});
    void call('/user');
    let quietAt = -1;
    const started = Date.now();
    void quietCalls(api, 1_000, 10_000).then(() => (quietAt = Date.now() - started));
    await vi.advanceTimersByTimeAsync(300);
    answerAll();
    // A gap of half a second, then the screen's next read: the quiet time starts again after it.
    await vi.advanceTimersByTimeAsync(500);
    void call('/user-course-streams');
    await vi.advanceTimersByTimeAsync(700);
    answerAll();
    await vi.advanceTimersByTimeAsync(900);
    expect(quietAt).toBe(-1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(quietAt).toBeGreaterThanOrEqual(1_500 + 1_000);
    expect(quietAt).toBeLessThanOrEqual(1_500 + 2_000);
  });

  it('resolves after the longest wait even while calls keep coming', async () => {
    vi.useFakeTimers();
    heldCalls();
    const api = clientWithSession();
    void api.request(v.unknown(), '/chat').catch(() => {});
    let quiet = false;
    void quietCalls(api, 1_000, 10_000).then(() => (quiet = true));
    await vi.advanceTimersByTimeAsync(9_900);
    expect(quiet).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(quiet).toBe(true);
  });
});
