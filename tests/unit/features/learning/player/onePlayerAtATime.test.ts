import { afterEach, describe, expect, it } from 'vitest';
import { playOneAtATime } from '../../../../../src/features/learning/player/onePlayerAtATime';

/** A player as the rule sees it: it fires `play` as it starts and `pause` as it is paused. */
function fakePlayer() {
  const player = Object.assign(new EventTarget(), {
    paused: true,
    play() {
      player.paused = false;
      player.dispatchEvent(new Event('play'));
    },
    pause() {
      if (player.paused) return;
      player.paused = true;
      player.dispatchEvent(new Event('pause'));
    },
  });
  return player;
}

const stops: (() => void)[] = [];
/** A player attached for the test, detached after it. */
function attachedPlayer() {
  const player = fakePlayer();
  stops.push(playOneAtATime(player));
  return player;
}

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe('one player at a time', () => {
  it('pauses the player playing when another starts, with the pause the player itself reports', () => {
    const theory = attachedPlayer();
    const execution = attachedPlayer();
    const description = attachedPlayer();
    const heard: string[] = [];
    theory.addEventListener('pause', () => heard.push('theory paused'));

    theory.play();
    expect([theory.paused, execution.paused, description.paused]).toEqual([false, true, true]);
    execution.play();
    expect([theory.paused, execution.paused, description.paused]).toEqual([true, false, true]);
    expect(heard).toEqual(['theory paused']);

    // Resuming the first pauses the second in turn.
    theory.play();
    expect([theory.paused, execution.paused, description.paused]).toEqual([false, true, true]);
  });

  it('leaves a player that is gone alone, and a player gone pauses nobody', () => {
    const kept = attachedPlayer();
    const gone = fakePlayer();
    playOneAtATime(gone)();

    gone.play();
    kept.play();
    expect([kept.paused, gone.paused]).toEqual([false, false]);
    gone.pause();
    gone.play();
    expect([kept.paused, gone.paused]).toEqual([false, false]);
  });
});
