import { nextTask } from './nextTask';

/**
 * Starts the calls it is handed one task apart, in the order handed, the first at once. Starting a
 * call costs a slow phone a few milliseconds, so the half dozen a page starts together made one long
 * task that held its taps; one a task, the browser answers in between, and each call still leaves
 * within milliseconds. A call that fails does not hold back the ones after it.
 */
export function startsInTurn(): <T>(start: () => Promise<T>) => Promise<T> {
  let turn: Promise<void> = Promise.resolve();
  return (start) => {
    const started = turn.then(start);
    turn = turn.then(nextTask);
    return started;
  };
}
