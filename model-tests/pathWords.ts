import type { AnyEventObject } from 'xstate';
import type { ReplayPath } from './harness';
import type { ScreenBinding } from './screenRun';

/** Generated paths in plain words for QA: who does what, and where the machine ends up. */

export type StepInWords = { words: string; state: string };
export type PathInWords = { start: string; steps: StepInWords[] };

/** `{ editing: 'ready' }` reads `editing.ready`; parallel regions are joined with `+`. */
export function stateInWords(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return String(value);
  return Object.entries(value)
    .map(([key, child]) => {
      const inner = stateInWords(child);
      return inner === '' ? key : inner.includes(' + ') ? `${key}.(${inner})` : `${key}.${inner}`;
    })
    .join(' + ');
}

function failureWords(error: unknown): string {
  if (error === null || typeof error !== 'object') return '';
  const { status, message } = error as { status?: unknown; message?: unknown };
  const parts = [status === 0 ? 'no connection' : status, message].filter(
    (part) => part !== undefined && part !== '',
  );
  return parts.length > 0 ? ` (${parts.join(' ')})` : '';
}

export function eventInWords(event: AnyEventObject, binding?: ScreenBinding): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  if (done) return `the “${done[1]}” call succeeds`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (error) return `the “${error[1]}” call fails${failureWords(event.error)}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
  if (after) return `the “${after[1]}” time passes`;
  const action = binding?.actions[event.type];
  if (action) return action.words(event);
  const detail = Object.entries(event)
    .filter(([key]) => key !== 'type')
    .map(([key, value]) => `${key} ${JSON.stringify(value)}`)
    .join(', ');
  return `${event.type} arrives${detail ? ` (${detail.length > 80 ? `${detail.slice(0, 77)}…` : detail})` : ''}`;
}

const stateOf = (state: unknown) => stateInWords((state as { value: unknown }).value);

export function pathInWords(path: ReplayPath, binding?: ScreenBinding): PathInWords {
  const [first, ...rest] = path.steps;
  return {
    start: stateOf(first?.state),
    steps: rest.map((step) => ({ words: eventInWords(step.event, binding), state: stateOf(step.state) })),
  };
}
