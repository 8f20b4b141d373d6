import { useLingui } from '@lingui/react';
import type MuxPlayerElement from '@mux/mux-player';
import MuxPlayer from '@mux/mux-player-react';
import { useState } from 'react';
import type { Video } from '../../../domain/learning/day';
import { preferSubtitlesIn, watchSubtitlesPicks } from '../../../platform/subtitlesLanguage';
import { focusLost } from '../../../ui/focusLost';
import { startMissedSubtitles } from './missedSubtitles';
import { playOneAtATime } from './onePlayerAtATime';
import { labelControlsIn } from './playerLabels';

/**
 * Casting needs Google's Cast sender script from its own host, which the app's CSP refuses and which
 * would be a request outside the app: remote playback is turned off on the player's video as soon as
 * the player is attached, before its controls ask the video whether it can cast (that question loads
 * the script). While it is attached, the learner's subtitle picks in its menu are noted, subtitles
 * its controls failed to start are started, and its start pauses the page's other players.
 */
const attachPlayer = (player: MuxPlayerElement | null) => {
  if (!player) return;
  player.media?.setAttribute('disableremoteplayback', '');
  takeLostFocus(player);
  const stops = [watchSubtitlesPicks(player), startMissedSubtitles(player), playOneAtATime(player)];
  return () => {
    for (const stop of stops) stop();
  };
};

/**
 * The poster the learner pressed to start the video held the focus while the player's code loaded,
 * and went as the player came: the player's play/pause control takes the focus, so the keyboard goes
 * on from the video and a screen reader says where the learner is. A focus the learner moved
 * elsewhere meanwhile is left where it is.
 */
function takeLostFocus(player: MuxPlayerElement) {
  if (!focusLost()) return;
  player.mediaController?.querySelector<HTMLElement>('media-play-button')?.focus();
}

export type MuxVideoProps = { video: Video; title: string; startTime: number };

/**
 * Mux's player element playing the server's own HLS master (the MP4 when there is none, or when HLS
 * fails), with the poster and the subtitles (the HLS subtitle rendition; the VTT files as tracks for
 * the MP4). Its controls' labels are in the interface language, and its subtitles start in it unless
 * the learner picked another in its menu. Mux's data and cookies are off: no request leaves the app's
 * origin. This module is the player chunk: VideoPlayer loads it when the learner starts a video, and
 * it starts playing at once.
 */
export default function MuxVideo({ video, title, startTime }: MuxVideoProps) {
  const { i18n } = useLingui();
  // In the interface language, set before the player's elements exist: its controls take their
  // labels as they are made, and its subtitles take their language as the tracks arrive.
  labelControlsIn(i18n.locale);
  preferSubtitlesIn(i18n.locale);
  // Falling back to the MP4 is a property of this element's playback, not of the lesson.
  const [useMp4, setUseMp4] = useState(video.hls === null);
  const src = useMp4 ? video.mp4 : (video.hls ?? video.mp4);
  return (
    <MuxPlayer
      key={src}
      ref={attachPlayer}
      className="video-player"
      src={src}
      poster={video.poster ?? undefined}
      title={title}
      startTime={startTime}
      streamType="on-demand"
      preferPlayback="mse"
      disableTracking
      disableCookies
      playsInline
      autoPlay
      onError={() => {
        if (!useMp4) setUseMp4(true);
      }}
    >
      {useMp4 &&
        video.subtitles.map((subtitle) => (
          <track
            key={subtitle.url}
            kind="subtitles"
            src={subtitle.url}
            srcLang={subtitle.languageCode}
            label={subtitle.label}
          />
        ))}
    </MuxPlayer>
  );
}
