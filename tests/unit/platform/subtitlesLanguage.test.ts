// @vitest-environment happy-dom
import { MediaUIEvents } from 'media-chrome/dist/constants.js';
import { requestMap } from 'media-chrome/dist/media-store/request-map.js';
import type { StateMediator, StateOwners } from 'media-chrome/dist/media-store/state-mediator.js';
import { toggleSubtitleTracks } from 'media-chrome/dist/media-store/util.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { preferSubtitlesIn, watchSubtitlesPicks } from '../../../src/platform/subtitlesLanguage';
import { type Track, track } from './subtitleTracks';

/**
 * The choice is checked against media-chrome's own code: its chooser when subtitles turn on, and its
 * handling of a pick in the captions menu (which stores the picked language itself).
 */

/** A lesson's video with the demo course's subtitles, as media-chrome's store sees it. */
const lessonMedia = () => ({
  media: { textTracks: [track('en', 'English'), track('ru', 'Русский'), track('es', 'Español')] },
  options: {},
});

/** The language media-chrome shows when subtitles turn on (as they do when a player starts). */
function startedLanguage(): string | undefined {
  const owners = lessonMedia();
  toggleSubtitleTracks(owners, true);
  return owners.media.textTracks.find((subtitles) => subtitles.mode === 'showing')?.language;
}

/** A learner's pick in the player's captions menu: the menu's request, handled by media-chrome. */
function pickInMenu(player: EventTarget, picked: Track): void {
  const request = MediaUIEvents.MEDIA_SHOW_SUBTITLES_REQUEST;
  // The media is only read for its tracks here: a plain list stands for the browser's TextTrackList.
  const owners = lessonMedia() as unknown as StateOwners;
  requestMap[request]({} as StateMediator, owners, { type: request, detail: [picked] });
  player.dispatchEvent(new CustomEvent(request, { bubbles: true, composed: true, detail: [picked] }));
}

beforeEach(() => {
  // An English browser.
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'en']);
});
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the subtitle language a player starts in', () => {
  it("is the browser's without a preference: what the interface language replaces", () => {
    expect(startedLanguage()).toBe('en');
  });

  it("is the interface language, ahead of the browser's, and follows it when it changes", () => {
    preferSubtitlesIn('es');
    expect(startedLanguage()).toBe('es');
    preferSubtitlesIn('ru');
    expect(startedLanguage()).toBe('ru');
  });

  it("is the learner's pick in the player's menu, whatever the interface language, until the next pick", () => {
    const player = new EventTarget();
    const stop = watchSubtitlesPicks(player);
    preferSubtitlesIn('es');
    pickInMenu(player, track('ru', 'Русский'));
    preferSubtitlesIn('es');
    expect(startedLanguage()).toBe('ru');

    pickInMenu(player, track('en', 'English'));
    preferSubtitlesIn('ru');
    expect(startedLanguage()).toBe('en');
    stop();
  });

  it('takes no pick from a player no longer watched', () => {
    const player = new EventTarget();
    watchSubtitlesPicks(player)();
    pickInMenu(player, track('ru', 'Русский'));
    preferSubtitlesIn('es');
    expect(startedLanguage()).toBe('es');
  });

  it('changes nothing without local storage (a private mode that refuses it)', () => {
    expect(() => preferSubtitlesIn('es', null)).not.toThrow();
    expect(() => watchSubtitlesPicks(new EventTarget(), null)).not.toThrow();
    expect(startedLanguage()).toBe('en');
  });
});
