/**
 * Cookie consent (shell spec, section 4 "Cookie consent", section 2 "Cookie banner", section 9
 * defaults). Unset, then set by dismiss (essential only), agree to all, or saved custom choices
 * (essential always on). Where the brand does not ask for consent every category counts as allowed
 * and nothing is shown. The banner and the settings page both run it: the banner while the choice is
 * unset, the page to change it later.
 *
 * A choice is remembered in the browser first (`rememberChoice`: the cookie, which gates analytics
 * and tags at once), then saved for a signed-in learner (`savePolicy`; a guest's save just
 * resolves), so a failed save never loses it here and can be retried.
 */
import { assign, type EventObject, fromCallback, fromPromise, setup } from 'xstate';
import { ALL_COOKIES_POLICY, type CookiePolicy, DEFAULT_COOKIE_POLICY } from '../../src/domain/consent';
import { unprovided } from '../common/unprovided';

/** What the brand says and what was chosen before (the cookie, else the learner's stored choice). */
export type ConsentStart = { isEnabled: boolean; stored: CookiePolicy | null };

/** The categories a visitor can switch; essential has no switch. */
export type OptionalCategory = 'analytics' | 'marketing';

export type ConsentContext = {
  /** The choice in force (the default until one is made). */
  policy: CookiePolicy;
  /** The toggles while settings are open. */
  draft: CookiePolicy;
  /** Whether a choice has been made (settings closed unsaved return to it, not to the banner). */
  chosen: boolean;
  /** The last change was saved for the learner (the settings page says so until the next change). */
  confirmed: boolean;
};

export type ConsentEvent =
  | { type: 'CONSENT.DISMISS' }
  | { type: 'CONSENT.ACCEPT_ALL' }
  | { type: 'CONSENT.OPEN_SETTINGS' }
  | { type: 'CONSENT.TOGGLE'; category: OptionalCategory }
  | { type: 'CONSENT.SAVE' }
  | { type: 'CONSENT.CANCEL' }
  | { type: 'CONSENT.RETRY' }
  /** A choice made elsewhere arrived (the learner's stored one after a sign-in). */
  | { type: 'CONSENT.ADOPT'; policy: CookiePolicy };

const toggled = (policy: CookiePolicy, category: OptionalCategory): CookiePolicy => ({
  ...policy,
  [category]: !policy[category],
});

const consentSetup = setup({
  types: {
    context: {} as ConsentContext,
    events: {} as ConsentEvent,
  },
  actors: {
    loadConsent: fromPromise<ConsentStart>(unprovided),
    savePolicy: fromPromise<void, { policy: CookiePolicy }>(unprovided),
    /** Sends CONSENT.ADOPT when a choice is stored from elsewhere (the learner's, at a sign-in). */
    watchStoredChoice: fromCallback<EventObject>(unprovided),
  },
  actions: {
    rememberChoice: (_, _params: { policy: CookiePolicy }) => {},
  },
  guards: {
    notAsked: (_, params: { start: ConsentStart }) => !params.start.isEnabled,
    choseBefore: (_, params: { start: ConsentStart }) => params.start.stored !== null,
    hasChosen: ({ context }) => context.chosen,
  },
});

/**
 * Settings open again from a choice in force (the settings page after a choice; the banner's own
 * settings before one), from the current choice.
 */
const CHANGE_AGAIN = {
  'CONSENT.OPEN_SETTINGS': {
    target: '#consent.editing',
    actions: consentSetup.assign(({ context }) => ({ draft: context.policy, confirmed: false })),
  },
  'CONSENT.TOGGLE': {
    target: '#consent.editing',
    actions: consentSetup.assign(({ context, event }) =>
      event.type === 'CONSENT.TOGGLE'
        ? { draft: toggled(context.policy, event.category), confirmed: false }
        : {},
    ),
  },
} as const;

/** A choice made in one step (the banner's buttons, "agree to all" in the settings): in force, remembered. */
const choose = (policy: CookiePolicy) =>
  ({
    target: 'chosen',
    actions: [
      consentSetup.assign({ policy, draft: policy, chosen: true }),
      { type: 'rememberChoice', params: { policy } },
    ],
  }) as const;

export const consentMachine = consentSetup.createMachine({
  id: 'consent',
  context: { policy: DEFAULT_COOKIE_POLICY, draft: DEFAULT_COOKIE_POLICY, chosen: false, confirmed: false },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadConsent',
        src: 'loadConsent',
        onDone: [
          {
            guard: { type: 'notAsked', params: ({ event }) => ({ start: event.output }) },
            target: 'allowedAll',
            actions: assign({ policy: ALL_COOKIES_POLICY, draft: ALL_COOKIES_POLICY }),
          },
          {
            guard: { type: 'choseBefore', params: ({ event }) => ({ start: event.output }) },
            target: 'chosen.saved',
            actions: assign(({ event }) => {
              const policy = event.output.stored ?? DEFAULT_COOKIE_POLICY;
              return { policy, draft: policy, chosen: true };
            }),
          },
          { target: 'unset' },
        ],
        // The brand asks for consent: without the server's word the visitor still gets to choose.
        onError: { target: 'unset' },
      },
    },
    unset: {
      // A choice that arrives from elsewhere while the banner asks ends the asking.
      invoke: { id: 'watchStoredChoice', src: 'watchStoredChoice' },
      on: {
        'CONSENT.DISMISS': choose(DEFAULT_COOKIE_POLICY),
        'CONSENT.ACCEPT_ALL': choose(ALL_COOKIES_POLICY),
        ...CHANGE_AGAIN,
        'CONSENT.ADOPT': {
          target: 'chosen.saved',
          actions: assign(({ event }) => ({ policy: event.policy, draft: event.policy, chosen: true })),
        },
      },
    },
    editing: {
      on: {
        'CONSENT.TOGGLE': {
          actions: assign(({ context, event }) => ({ draft: toggled(context.draft, event.category) })),
        },
        'CONSENT.SAVE': {
          target: 'chosen',
          actions: [
            assign(({ context }) => ({ policy: context.draft, chosen: true })),
            { type: 'rememberChoice', params: ({ context }) => ({ policy: context.draft }) },
          ],
        },
        'CONSENT.ACCEPT_ALL': choose(ALL_COOKIES_POLICY),
        'CONSENT.CANCEL': [
          {
            guard: 'hasChosen',
            target: 'chosen.saved',
            actions: assign(({ context }) => ({ draft: context.policy })),
          },
          { target: 'unset', actions: assign(({ context }) => ({ draft: context.policy })) },
        ],
      },
    },
    chosen: {
      initial: 'saving',
      states: {
        saving: {
          invoke: {
            id: 'savePolicy',
            src: 'savePolicy',
            input: ({ context }) => ({ policy: context.policy }),
            onDone: { target: 'saved', actions: assign({ confirmed: true }) },
            onError: { target: 'failed' },
          },
        },
        saved: { on: CHANGE_AGAIN },
        // Remembered in this browser already; only the copy for the learner's other browsers is missing.
        failed: { on: { ...CHANGE_AGAIN, 'CONSENT.RETRY': 'saving' } },
      },
    },
    allowedAll: {},
  },
});
