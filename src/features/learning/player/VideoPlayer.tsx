import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import type { Video } from '../../../domain/learning/day';
import { focusLost } from '../../../ui/focusLost';

// The player (Mux's element with hls.js) is the largest code of the app: it loads when a video starts.
const MuxVideo = lazy(() => import('./MuxVideo'));

type VideoPlayerProps = {
  video: Video;
  title: string;
  /** Where playback starts, in seconds (the learner's last position). */
  startTime?: number;
};

/**
 * The video's poster as a button that starts it; also shown while the player's code loads. That one
 * is another element than the poster pressed, which went with the focus: it takes the focus over,
 * inactive but not disabled (a disabled button cannot hold it, and the page would hand it to its
 * heading), until the player's play control takes it (MuxVideo.tsx).
 */
function Poster({ video, label, onPlay }: { video: Video; label: string; onPlay?: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (!onPlay && focusLost()) button.current?.focus();
  }, [onPlay]);
  return (
    <button
      ref={button}
      type="button"
      className="video-poster"
      aria-label={label}
      aria-busy={onPlay ? undefined : true}
      aria-disabled={onPlay ? undefined : true}
      onClick={onPlay}
    >
      {video.poster && <img className="video-poster__image" src={video.poster} alt="" />}
      <span className="video-poster__icon" aria-hidden="true" />
    </button>
  );
}

/**
 * A lesson's video: its poster with a play button until the learner starts it, then the player,
 * which starts playing where the learner stopped last time.
 */
export function VideoPlayer({ video, title, startTime = 0 }: VideoPlayerProps) {
  const { t } = useLingui();
  // Whether the learner asked for the video yet: until then no player code is loaded.
  const [started, setStarted] = useState(false);
  const label = t`Play: ${title}`;
  if (!started) return <Poster video={video} label={label} onPlay={() => setStarted(true)} />;
  return (
    <Suspense fallback={<Poster video={video} label={label} />}>
      <MuxVideo video={video} title={title} startTime={startTime} />
    </Suspense>
  );
}
