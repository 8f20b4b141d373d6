/**
 * Notification settings (/user/settings/notifications; shell spec: "notification settings", POST
 * /user/notification `disable_notification`). Two independent parts:
 * - the switch: flips at once (optimistic), saves, and flips back with the reason if the save fails;
 * - push on this device, only where the brand has `isPushSupport`: checked first (the browser's
 *   permission and whether this device is subscribed), then offered when it is off. Enabling asks
 *   the browser's permission, subscribes and stores the subscription; a refusal shows as blocked.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { User } from '../../src/domain/user';
import { unprovided } from '../common/unprovided';
import { formErrorFrom } from '../forms/formSupport';

/** Push on this device: no browser support, refused in the browser, not subscribed, subscribed. */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

export type NotificationSettingsInput = {
  /** The account's `disable_notification`. */
  disabled: boolean;
  /** The brand's `isPushSupport`. */
  pushOffered: boolean;
};

export type NotificationSettingsContext = NotificationSettingsInput & {
  pushState: PushState;
  /** The reason the last switch save failed (the switch is back where it was). */
  switchError: string | null;
  pushError: string | null;
};

export type NotificationSettingsEvent = { type: 'NOTIFICATIONS.TOGGLE' } | { type: 'PUSH.ENABLE' };

export const notificationSettingsMachine = setup({
  types: {
    context: {} as NotificationSettingsContext,
    events: {} as NotificationSettingsEvent,
    input: {} as NotificationSettingsInput,
  },
  actors: {
    saveDisabled: fromPromise<User, { disabled: boolean }>(unprovided),
    checkPush: fromPromise<PushState>(unprovided),
    enablePush: fromPromise<PushState>(unprovided),
  },
  actions: {
    updateUser: (_, _params: { user: User }) => {},
  },
  guards: {
    isPushOffered: ({ context }) => context.pushOffered,
    isPushOff: ({ context }) => context.pushState === 'off',
  },
}).createMachine({
  id: 'notificationSettings',
  context: ({ input }) => ({ ...input, pushState: 'off', switchError: null, pushError: null }),
  type: 'parallel',
  states: {
    switch: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'NOTIFICATIONS.TOGGLE': {
              target: 'saving',
              actions: assign(({ context }) => ({ disabled: !context.disabled, switchError: null })),
            },
          },
        },
        saving: {
          invoke: {
            id: 'saveDisabled',
            src: 'saveDisabled',
            input: ({ context }) => ({ disabled: context.disabled }),
            onDone: {
              target: 'idle',
              actions: { type: 'updateUser', params: ({ event }) => ({ user: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                disabled: !context.disabled,
                switchError: formErrorFrom(event.error),
              })),
            },
          },
        },
      },
    },
    push: {
      initial: 'start',
      states: {
        start: {
          always: [{ guard: 'isPushOffered', target: 'checking' }, { target: 'notOffered' }],
        },
        notOffered: {},
        checking: {
          invoke: {
            id: 'checkPush',
            src: 'checkPush',
            onDone: { target: 'ready', actions: assign({ pushState: ({ event }) => event.output }) },
            // Not knowing is like not subscribed: enabling again is harmless.
            onError: { target: 'ready', actions: assign({ pushState: 'off' }) },
          },
        },
        ready: {
          on: {
            'PUSH.ENABLE': { guard: 'isPushOff', target: 'enabling', actions: assign({ pushError: null }) },
          },
        },
        enabling: {
          invoke: {
            id: 'enablePush',
            src: 'enablePush',
            onDone: { target: 'ready', actions: assign({ pushState: ({ event }) => event.output }) },
            onError: {
              target: 'ready',
              actions: assign({ pushError: ({ event }) => formErrorFrom(event.error) }),
            },
          },
        },
      },
    },
  },
});
