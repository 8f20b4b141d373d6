import { act, fireEvent, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { typeSegments } from './segmentedFields';

/**
 * How a user performs a machine event on a screen: the control they use and what they do with it.
 * Suites declare one per event type; the screen replay performs it and then requires the machine to
 * be in the state the generated path promises, so a screen that stops sending the event fails.
 */
export type UserAction = {
  /** Plain words for the coverage report, e.g. "the user types into “E-mail”". */
  words: (event: AnyEventObject) => string;
  /** The control the user needs; it must be on screen and enabled unless the action is blocked. */
  control?: (event: AnyEventObject) => HTMLElement;
  /** `actor` is the replayed one, for what reaches it from the browser rather than through a control. */
  perform: (user: UserEvent, event: AnyEventObject, actor: AnyActorRef) => Promise<void>;
  /**
   * When the screen deliberately does not offer the event (a disabled button, a choice it does not
   * list), the replay checks the control is disabled or absent and ends the path there: the rest
   * only exists in the machine.
   */
  blockedWhen?: (snapshot: AnyMachineSnapshot, event: AnyEventObject) => boolean;
};

type Options = Pick<UserAction, 'blockedWhen'> & {
  /** The dialog or region the control sits in, by its accessible name. */
  within?: string;
};

type TypeOptions = Options & {
  /**
   * Leave the focus where it is. For screens that react to leaving a field: typing into the next
   * field would leave the previous one, and the generated path decides when a field is left.
   */
  keepFocus?: boolean;
};

const scope = (region?: string) =>
  region === undefined ? screen : within(screen.getByRole('dialog', { name: region }));

const button = (name: string | RegExp, region?: string) => scope(region).getByRole('button', { name });

/** `user-event` reads `{` and `[` as key names: typed text has them doubled. */
const literal = (text: string) => text.replace(/[{[]/g, (char) => char + char);

/** Clicks the button with this accessible name (a pattern when the name follows the state). */
export function click(name: string | RegExp, options: Options = {}): UserAction {
  const label = typeof name === 'string' ? name : name.source.replaceAll('|', '” or “');
  return {
    words: () => `the user presses “${label}”`,
    control: () => button(name, options.within),
    perform: (user) => user.click(button(name, options.within)),
    ...options,
  };
}

/** A `FORM.CHANGE`-like event: the user clears the labelled field of `event.field` and types the value. */
export function typeInto(labels: Record<string, string>, options: TypeOptions = {}): UserAction {
  const { keepFocus = false, ...rest } = options;
  const field = labelledField(labels, options.within);
  return {
    words: (event) => `the user types “${String(event.value)}” into “${labels[event.field as string]}”`,
    control: field,
    perform: async (user, event) => {
      const input = field(event);
      const value = String(event.value);
      if (keepFocus) {
        fireEvent.change(input, { target: { value } });
        return;
      }
      await user.clear(input);
      if (value !== '') await user.type(input, literal(value));
    },
    ...rest,
  };
}

/** A `FORM.CHANGE`-like event on a date or time field: the user types the value segment by segment. */
export function typeIntoSegments(labels: Record<string, string>, options: Options = {}): UserAction {
  const field = (event: AnyEventObject) => {
    const label = labels[event.field as string];
    if (label === undefined) throw new Error(`no label declared for the field "${String(event.field)}"`);
    return scope(options.within).getByRole('group', { name: label });
  };
  return {
    words: (event) => `the user types “${String(event.value)}” into “${labels[event.field as string]}”`,
    control: field,
    perform: (user, event) => typeSegments(user, field(event), String(event.value)),
    ...options,
  };
}

/** A `FIELD.BLUR`-like event: the user moves into the labelled field of `event.field` and out again. */
export function leave(labels: Record<string, string>, options: Options = {}): UserAction {
  const field = labelledField(labels, options.within);
  return {
    words: (event) => `the user leaves “${labels[event.field as string]}”`,
    control: field,
    perform: async (_, event) => {
      const input = field(event);
      act(() => {
        input.focus();
        input.blur();
      });
    },
    ...options,
  };
}

function labelledField(labels: Record<string, string>, region?: string) {
  return (event: AnyEventObject) => {
    const label = labels[event.field as string];
    if (label === undefined) throw new Error(`no label declared for the field "${String(event.field)}"`);
    return scope(region).getByLabelText(label, { selector: 'input, textarea, select' });
  };
}

/** Presses a key (e.g. `Escape`) where the focus is. */
export function press(key: string, options: Options = {}): UserAction {
  return {
    words: () => `the user presses ${key}`,
    perform: (user) => user.keyboard(`{${key}}`),
    ...options,
  };
}

/** An event that comes from outside the view (a watcher, the page's address): sent as it arrives. */
export const fromOutside = (words: string): UserAction => ({
  words: () => words,
  perform: async (_, event, actor) => {
    act(() => actor.send(event));
  },
});

/**
 * The browser's network comes back while a load error shows: the machine's `networkReturn` watcher
 * (faked, as every actor of a replay) would send NETWORK.RETURNED, so it is sent as it sends it.
 */
export const networkReturns = fromOutside('the network comes back');
