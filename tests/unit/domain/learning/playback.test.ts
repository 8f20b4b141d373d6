import { describe, expect, it } from 'vitest';
import { playedMs, positionPercent, resumePosition } from '../../../../src/domain/learning/playback';

const ranges = (...pairs: [number, number][]) => ({
  length: pairs.length,
  start: (index: number) => pairs[index]?.[0] ?? 0,
  end: (index: number) => pairs[index]?.[1] ?? 0,
});

describe('playback readings', () => {
  it('counts the played ranges in milliseconds', () => {
    expect(playedMs(ranges([0, 1.5], [10, 12.25]))).toBe(3750);
    expect(playedMs(ranges())).toBe(0);
    expect(playedMs(undefined)).toBe(0);
  });

  it('gives the position as a percentage, 0 while the duration is unknown', () => {
    expect(positionPercent(30, 120)).toBe(25);
    expect(positionPercent(130, 120)).toBe(100);
    expect(positionPercent(5, Number.NaN)).toBe(0);
    expect(positionPercent(5, 0)).toBe(0);
  });

  it('resumes where the learner stopped, from the start once they reached the end', () => {
    expect(resumePosition(0, 60)).toBe(0);
    expect(resumePosition(20, 60)).toBe(20);
    expect(resumePosition(58, 60)).toBe(0);
    expect(resumePosition(90, 60)).toBe(0);
    expect(resumePosition(20, 0)).toBe(20);
  });
});
