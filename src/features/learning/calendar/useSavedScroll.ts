import { useEffect } from 'react';

const storageKey = (streamId: number) => `calendar-scroll:${streamId}`;

function readPosition(streamId: number): number | null {
  try {
    const saved = Number(window.sessionStorage.getItem(storageKey(streamId)));
    return Number.isFinite(saved) && saved > 0 ? saved : null;
  } catch {
    // Storage can be off (private modes, policies): the calendar then opens at its top.
    return null;
  }
}

function writePosition(streamId: number, position: number): void {
  try {
    window.sessionStorage.setItem(storageKey(streamId), String(Math.round(position)));
  } catch {
    // See readPosition: nothing to keep then.
  }
}

function inView(element: Element): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  return top >= 0 && bottom <= window.innerHeight;
}

/**
 * The calendar's scroll position, kept for the tab's session per stream: back from a day, the learner
 * is where they left (with the stage and filters the stream keeps, the spec's "last position").
 * Restored once the calendar is drawn (the current day is scrolled to when nothing is saved), saved while
 * scrolling (at most once per frame).
 */
export function useSavedScroll(streamId: number | null, drawn: boolean): void {
  useEffect(() => {
    if (streamId === null || !drawn) return;
    // Scrolling lays the page out. Done in the next frame (still before it is painted), that layout is
    // the frame's own instead of a forced one at the end of the render that drew the calendar, which
    // keeps that render's task short enough not to hold up the learner's first tap.
    const restore = window.requestAnimationFrame(() => {
      const saved = readPosition(streamId);
      if (saved !== null) window.scrollTo({ top: saved });
      // A first visit opens on the day to do today; one already in view leaves the page at its top,
      // with the way back to the courses above it (a phone's sticky header would cover it).
      else {
        const today = document.querySelector('[aria-current="step"]');
        if (today && !inView(today)) today.scrollIntoView({ block: 'center' });
      }
    });
    let frame = 0;
    const onScroll = () => {
      if (frame !== 0) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        writePosition(streamId, window.scrollY);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.cancelAnimationFrame(restore);
      window.removeEventListener('scroll', onScroll);
      // Not saved here: by the time a page leaves, the next one may already have reset the scroll.
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [streamId, drawn]);
}
