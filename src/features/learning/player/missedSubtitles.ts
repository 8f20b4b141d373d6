import type MuxPlayerElement from '@mux/mux-player';
import { getShowingSubtitleTracks, toggleSubtitleTracks } from 'media-chrome/dist/media-store/util.js';

/** `HTMLMediaElement.HAVE_METADATA`: the media knows its duration and its tracks. */
const HAVE_METADATA = 1;

/**
 * Mux's player starts with subtitles on (media-chrome's `defaultsubtitles`), in the language
 * src/platform/subtitlesLanguage.ts puts first. media-chrome makes that choice when a track is added
 * or the media starts loading, but only once its controls watch the media: when the stream's
 * playlists come from the browser's cache (a lesson played again after a reload), both can happen
 * before, and the lesson plays without subtitles. Once the media has loaded its metadata (its tracks
 * are known by then), subtitles that should show and do not are turned on by media-chrome's own
 * choice (its stored language, then the browser's, then the first track). Returns the stop.
 */
export function startMissedSubtitles(player: MuxPlayerElement): () => void {
  const startIfMissed = () => {
    const owners = { media: player };
    if (player.defaultHiddenCaptions || getShowingSubtitleTracks(owners).length > 0) return;
    toggleSubtitleTracks(owners, true);
  };
  // With its playlists from the cache, the media can have loaded before the player is attached here.
  if (player.readyState >= HAVE_METADATA) startIfMissed();
  player.addEventListener('loadedmetadata', startIfMissed);
  return () => player.removeEventListener('loadedmetadata', startIfMissed);
}
