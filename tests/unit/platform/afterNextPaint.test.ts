// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '../../../src/platform/afterNextPaint';

describe('afterNextPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
  });
  afterEach(() => vi.useRealTimers());

  it('runs the work in a task after the next frame, not in the frame itself', () => {
    const order: string[] = [];
    afterNextPaint(() => order.push('work'));
    requestAnimationFrame(() => order.push('frame'));
    vi.advanceTimersToNextFrame();
    expect(order).toEqual(['frame']);
    vi.runOnlyPendingTimers();
    expect(order).toEqual(['frame', 'work']);
  });

  it('runs nothing once cancelled, before or after the frame', () => {
    const work = vi.fn();
    afterNextPaint(work)();
    vi.advanceTimersToNextFrame();
    vi.runAllTimers();
    const later = vi.fn();
    const cancel = afterNextPaint(later);
    vi.advanceTimersToNextFrame();
    cancel();
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
    expect(later).not.toHaveBeenCalled();
  });
});
