import { act, render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { type ComponentType, createElement } from 'react';
import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot, StateValue } from 'xstate';
import {
  assertSameState,
  isSyntheticEvent,
  type ModelSpec,
  observable,
  type ReplayPath,
  startMachine,
} from './harness';
import { type ScreenSetting, screenProviders } from './screenProviders';
import type { UserAction } from './userActions';

/** What the user must see while the machine is in a state (and, optionally, its context agrees). */
export type Sight = {
  /** Every state when left out. */
  state?: StateValue;
  when?: (snapshot: AnyMachineSnapshot) => boolean;
  /** Throws (with `expect`) when the screen shows something else. */
  see: (snapshot: AnyMachineSnapshot) => void;
};

/** A machine's screen: the view it drives, how a user performs each event, what each state shows. */
export type ScreenBinding = {
  // biome-ignore lint/suspicious/noExplicitAny: each view types its own actor
  view: ComponentType<{ actor: any }>;
  setting?: ScreenSetting;
  /** One per event type the user causes; invoked actors and delays are settled by the replay. */
  actions: Readonly<Record<string, UserAction>>;
  sees: readonly Sight[];
};

/** How far a path went on the screen: to its end, or to a step the screen deliberately does not offer. */
export type ScreenOutcome = { steps: number; blockedAt?: number };

function controlIsOffered(action: UserAction, event: AnyEventObject): boolean {
  if (!action.control) return true;
  try {
    const control = action.control(event) as HTMLButtonElement;
    return !control.disabled && control.getAttribute('aria-disabled') !== 'true';
  } catch {
    return false;
  }
}

function checkSights(binding: ScreenBinding, snapshot: AnyMachineSnapshot, path: ReplayPath, index: number) {
  const sights = binding.sees.filter(
    (sight) =>
      (sight.state === undefined || snapshot.matches(sight.state)) && (sight.when?.(snapshot) ?? true),
  );
  if (sights.length === 0) {
    throw new Error(
      `path "${path.description}" step ${index}: nothing is asserted on screen in ${JSON.stringify(snapshot.value)}`,
    );
  }
  for (const sight of sights) sight.see(snapshot);
}

/**
 * A load error on screen (src/ui/LoadFailed) retries by itself when the network comes back, and that
 * retry is its machine's (machines/common/networkReturn.ts): wherever one shows, the machine must be
 * watching the network and take its return.
 */
function checkNetworkReturnRetries(snapshot: AnyMachineSnapshot, path: ReplayPath, index: number) {
  if (document.querySelector('.load-failed') === null) return;
  if (snapshot.children.networkReturn === undefined || !snapshot.can({ type: 'NETWORK.RETURNED' })) {
    throw new Error(
      `path "${path.description}" step ${index}: a load error shows in ${JSON.stringify(snapshot.value)}, which does not retry when the network comes back (loadFailedState)`,
    );
  }
}

/**
 * Replays a generated path on the rendered screen: the view gets the instrumented actor, every user
 * event is performed through the UI, invoked actors and delays are settled as in the machine replay,
 * and after each step the machine must be where the path says and the screen must show that state.
 */
export async function replayOnScreen(spec: ModelSpec, binding: ScreenBinding, path: ReplayPath) {
  const running = startMachine(spec, path.input);
  const actor: AnyActorRef = running.actor;
  const { element, stop } = await screenProviders(binding.setting ?? {}, () =>
    createElement(binding.view, { actor }),
  );
  const user = userEvent.setup();
  const view = render(element);
  try {
    await act(async () => {});
    const [first, ...rest] = path.steps;
    assertSameState(observable(running.snapshot()), first?.state, path, 0);
    checkSights(binding, running.snapshot(), path, 0);
    checkNetworkReturnRetries(running.snapshot(), path, 0);
    for (const [offset, step] of rest.entries()) {
      const index = offset + 1;
      if (isSyntheticEvent(step.event)) {
        await act(() => running.dispatch(step.event));
      } else {
        const action = binding.actions[step.event.type];
        if (!action) throw new Error(`the screen binding has no user action for "${step.event.type}"`);
        const blocked = action.blockedWhen?.(running.snapshot(), step.event) ?? false;
        if (blocked !== !controlIsOffered(action, step.event)) {
          throw new Error(
            `path "${path.description}" step ${index}: ${action.words(step.event)} should be ${blocked ? 'blocked' : 'possible'} here`,
          );
        }
        if (blocked) return { steps: index, blockedAt: index } satisfies ScreenOutcome;
        await action.perform(user, step.event, actor);
        await act(() => running.settle());
      }
      assertSameState(observable(running.snapshot()), step.state, path, index);
      checkSights(binding, running.snapshot(), path, index);
      checkNetworkReturnRetries(running.snapshot(), path, index);
    }
    return { steps: path.steps.length } satisfies ScreenOutcome;
  } finally {
    view.unmount();
    stop();
    actor.stop();
  }
}
