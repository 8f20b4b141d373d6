import { safeLocalStorage } from './tokenStorage';

/**
 * Where media-chrome (the controls of Mux's player) keeps the subtitle language. When subtitles turn
 * on, it shows the first track whose language matches this one, else one of the browser's languages
 * (`navigator.languages`), else the first track; it writes here the language the learner picks in the
 * captions menu (media-chrome's media-store/util.js and media-store/request-map.js).
 */
const PLAYER_SUBTITLES_KEY = 'media-chrome-pref-subtitles-lang';
/**
 * What media-chrome's captions menu sends when the learner picks subtitles (its
 * `MediaUIEvents.MEDIA_SHOW_SUBTITLES_REQUEST`); named here rather than imported, as importing
 * media-chrome's constants would move them out of the player's chunk into the signed-in one.
 */
const SUBTITLES_PICK_EVENT = 'mediashowsubtitlesrequest';
/** Set once the learner has picked subtitles in the player's menu: the stored language is theirs. */
const PICKED_KEY = 'lp_subtitles_picked';

/**
 * Makes `language` (the interface's) the subtitles' first choice, ahead of the browser's languages,
 * for the player about to start: each start follows the interface language as it is then. A language
 * the learner picked in the player's menu is left as it is.
 */
export function preferSubtitlesIn(language: string, storage = safeLocalStorage()): void {
  if (!storage || storage.getItem(PICKED_KEY) !== null) return;
  storage.setItem(PLAYER_SUBTITLES_KEY, language);
}

/**
 * Notes the learner's picks in a player's captions menu (the menu's request bubbles out of the
 * player), so their language stays the first choice until they pick again. Returns the stop.
 */
export function watchSubtitlesPicks(player: EventTarget, storage = safeLocalStorage()): () => void {
  const picked = () => storage?.setItem(PICKED_KEY, '1');
  player.addEventListener(SUBTITLES_PICK_EVENT, picked);
  return () => player.removeEventListener(SUBTITLES_PICK_EVENT, picked);
}
