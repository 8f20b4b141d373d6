// @vitest-environment happy-dom
import type MuxPlayerElement from '@mux/mux-player';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startMissedSubtitles } from '../../../../../src/features/learning/player/missedSubtitles';
import { preferSubtitlesIn } from '../../../../../src/platform/subtitlesLanguage';
import { track } from '../../../platform/subtitleTracks';

/** Mux's player as far as the check reads it: its tracks, how far its media loaded, its captions flag. */
function fakePlayer(options: { readyState: number; defaultHiddenCaptions?: boolean }) {
  const player = Object.assign(new EventTarget(), {
    textTracks: [track('en', 'English'), track('ru', 'Русский'), track('es', 'Español')],
    readyState: options.readyState,
    defaultHiddenCaptions: options.defaultHiddenCaptions ?? false,
  });
  const shown = () => player.textTracks.find((subtitles) => subtitles.mode === 'showing')?.language;
  return { player, element: player as unknown as MuxPlayerElement, shown };
}

const HAVE_NOTHING = 0;
const HAVE_ENOUGH_DATA = 4;

beforeEach(() => {
  // An English browser, a Spanish interface.
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'en']);
  preferSubtitlesIn('es');
});
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('subtitles the player failed to start', () => {
  it('are started once its media has loaded its metadata, in the language first in line', () => {
    const { player, element, shown } = fakePlayer({ readyState: HAVE_NOTHING });
    const stop = startMissedSubtitles(element);
    expect(shown()).toBeUndefined();
    player.dispatchEvent(new Event('loadedmetadata'));
    expect(shown()).toBe('es');
    stop();
  });

  it('are started at once when the media had loaded before the player was attached', () => {
    const { element, shown } = fakePlayer({ readyState: HAVE_ENOUGH_DATA });
    startMissedSubtitles(element)();
    expect(shown()).toBe('es');
  });

  it('leave subtitles already showing as they are, and a player set to start without them', () => {
    const showing = fakePlayer({ readyState: HAVE_ENOUGH_DATA });
    const english = showing.player.textTracks[0];
    if (english) english.mode = 'showing';
    startMissedSubtitles(showing.element)();
    expect(showing.shown()).toBe('en');

    const hidden = fakePlayer({ readyState: HAVE_ENOUGH_DATA, defaultHiddenCaptions: true });
    startMissedSubtitles(hidden.element)();
    expect(hidden.shown()).toBeUndefined();
  });

  it('are not started by a player no longer watched', () => {
    const { player, element, shown } = fakePlayer({ readyState: HAVE_NOTHING });
    startMissedSubtitles(element)();
    player.dispatchEvent(new Event('loadedmetadata'));
    expect(shown()).toBeUndefined();
  });
});
