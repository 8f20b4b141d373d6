/**
 * The offer to turn on push notifications (shell spec: "Push prompt delays: 1000 page views and
 * 100000 ms"). Only where it makes sense (the brand's `isPushSupport`, the browser able to push, its
 * permission not yet asked, no "Not now" in the last 30 days): it counts page views and the time the
 * app is in view, and after 1000 views or 100 s, whichever comes first, offers push in a small
 * dialog. The counts add up over the visits on the device. Turn on asks the browser and
 * subscribes; Not now is remembered. Either way it is over for this visit; a failure to subscribe shows in the dialog, which can then be closed.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { isPromptDue } from '../../src/domain/pushPrompt';
import { unprovided } from '../common/unprovided';
import { formErrorFrom } from '../forms/formSupport';
import type { PushState } from './notificationSettings.machine';

/** Running totals kept on the device across visits: the page views so far, and the time in view so far (ms). */
export type UsageEvent =
  | { type: 'USAGE.PAGE_VIEWS'; total: number }
  | { type: 'USAGE.VISIBLE'; totalMs: number };

export type PushPromptEvent = UsageEvent | { type: 'PROMPT.ACCEPT' } | { type: 'PROMPT.DECLINE' };

export type PushPromptContext = { views: number; visibleMs: number; error: string | null };

export const pushPromptMachine = setup({
  types: {
    context: {} as PushPromptContext,
    events: {} as PushPromptEvent,
  },
  actors: {
    isEligible: fromPromise<boolean>(unprovided),
    /** Sends USAGE.PAGE_VIEWS and USAGE.VISIBLE: the pages shown and the time in view so far. */
    watchUsage: fromCallback<UsageEvent>(unprovided),
    enablePush: fromPromise<PushState>(unprovided),
  },
  actions: {
    rememberDecline: () => {},
  },
  guards: {
    isDue: ({ context }) => isPromptDue(context.views, context.visibleMs),
  },
}).createMachine({
  id: 'pushPrompt',
  context: { views: 0, visibleMs: 0, error: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'isEligible',
        src: 'isEligible',
        onDone: [{ guard: ({ event }) => event.output, target: 'counting' }, { target: 'over' }],
        onError: 'over',
      },
    },
    counting: {
      invoke: { id: 'watchUsage', src: 'watchUsage' },
      always: { guard: 'isDue', target: 'offering' },
      on: {
        'USAGE.PAGE_VIEWS': { actions: assign({ views: ({ event }) => event.total }) },
        'USAGE.VISIBLE': { actions: assign({ visibleMs: ({ event }) => event.totalMs }) },
      },
    },
    offering: {
      on: {
        'PROMPT.ACCEPT': { target: 'enabling', actions: assign({ error: null }) },
        'PROMPT.DECLINE': { target: 'over', actions: 'rememberDecline' },
      },
    },
    enabling: {
      invoke: {
        id: 'enablePush',
        src: 'enablePush',
        onDone: 'over',
        onError: {
          target: 'offering',
          actions: assign({ error: ({ event }) => formErrorFrom(event.error) }),
        },
      },
    },
    over: { type: 'final' },
  },
});
