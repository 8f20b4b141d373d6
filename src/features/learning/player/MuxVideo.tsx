import type MuxPlayerElement from '@mux/mux-player';
import MuxPlayer from '@mux/mux-player-react';
import { useState } from 'react';
import type { Video } from '../../../domain/learning/day';

/**
 * Casting needs Google's Cast sender script from its own host, which the app's CSP refuses and which
 * would be a request outside the app: remote playback is turned off on the player's video as soon as
 * the player is attached, before its controls ask the video whether it can cast (that question loads
 * the script).
 */
const disableRemotePlayback = (player: MuxPlayerElement | null) => {
  player?.media?.setAttribute('disableremoteplayback', '');
};

export type MuxVideoProps = { video: Video; title: string; startTime: number };

/**
 * Mux's player element playing the server's own HLS master (the MP4 when there is none, or when HLS
 * fails), with the poster and the subtitles (the HLS subtitle rendition; the VTT files as tracks for
 * the MP4). Mux's data and cookies are off: no request leaves the app's origin. This module is the
 * player chunk: VideoPlayer loads it when the learner starts a video, and it starts playing at once.
 */
export default function MuxVideo({ video, title, startTime }: MuxVideoProps) {
  // Falling back to the MP4 is a property of this element's playback, not of the lesson.
  const [useMp4, setUseMp4] = useState(video.hls === null);
  const src = useMp4 ? video.mp4 : (video.hls ?? video.mp4);
  return (
    <MuxPlayer
      key={src}
      ref={disableRemotePlayback}
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
