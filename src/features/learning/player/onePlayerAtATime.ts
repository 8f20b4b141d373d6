/**
 * A player as far as the rule needs it: it fires `play` as it starts (Mux's element passes on its
 * video's media events from inside its shadow DOM) and it can be paused.
 */
export type PausablePlayer = EventTarget & { pause(): void };

/** The players attached on the page: a day shows several lessons, each with one or two videos. */
const attached = new Set<PausablePlayer>();

/**
 * One video plays at a time: a player that starts (the learner's play, or the autoplay of a player
 * just opened) pauses the others on the page. The pause goes through the paused player itself, so
 * its lesson hears it as it hears the learner's own pause (LessonView turns the media `pause` into
 * `LESSON.PAUSE`): the lesson machine stops counting viewed time, keeps the position and sends what
 * it owes, with no event or state of its own for it. Returns the stop, for when the player goes.
 */
export function playOneAtATime(player: PausablePlayer): () => void {
  const pauseOthers = () => {
    for (const other of attached) if (other !== player) other.pause();
  };
  attached.add(player);
  player.addEventListener('play', pauseOthers);
  return () => {
    attached.delete(player);
    player.removeEventListener('play', pauseOthers);
  };
}
