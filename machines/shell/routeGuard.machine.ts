/**
 * The route guard (shell spec, section 4 "Route guard order"). The router sends ROUTE.CHECK before
 * a navigation and reads `context.decision` right after: every rule is decided synchronously.
 * Refinements of the shared contract (additive):
 * - Input `{ homeRoute? }`: the route name of the brand's home page (rule 6), default 'home'.
 * - EMAIL.CANCEL leads to state `goingBack` with decision `{ kind: 'back' }`.
 * - `rememberReturnUrl` takes params `{ href }`.
 * - Rules 2–4 apply to signed-in users; rule 4 only on auth pages, rule 7 only when signed in.
 * - After rule 3, the forced steps' own pages send a signed-in user with nothing to force to the
 *   page that does the same by choice: resetPassword to userPassword (which asks for the current
 *   password, as the server does then), updateProfile to userEdit.
 * - Between rules 3 and 4, an unfinished registration (fact `registrationStatus`: signed in, the
 *   user's status is a registration chat step 20/30/40 and the brand has chat questions) sends every
 *   `auth` page to `registrationChat` (public, so the chat itself is never redirected).
 */
import { assign, enqueueActions, setup } from 'xstate';
import { isRememberablePath } from '../../src/domain/returnUrl';

/** A route's name in the route table (shell spec, section 2), e.g. 'home', 'resetPassword'. */
export type RouteName = string;

export type RouteAccess = 'guest' | 'auth' | 'public' | 'logout';

export type GuardFacts = {
  signedIn: boolean;
  requiredUpdatePassword: boolean;
  requiredUpdateProfile: boolean;
  /** No subscription, every stream optional-purchase, and subscriptions exist (rule 4). */
  subscriptionWarning: boolean;
  hasEmail: boolean;
  /** Signed in with a registration chat step (20, 30, 40) left, on a brand with chat questions. */
  registrationStatus: boolean;
};

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: RouteName; search?: Record<string, string> }
  | { kind: 'promptEmail' }
  | { kind: 'back' };

export type RouteCheck = { name: RouteName; access: RouteAccess; href: string; requiresEmail?: boolean };

export type RouteGuardEvent =
  | ({ type: 'ROUTE.CHECK' } & RouteCheck)
  | ({ type: 'GUARD.FACTS' } & Partial<GuardFacts>)
  | { type: 'EMAIL.PROVIDED' }
  | { type: 'EMAIL.CANCEL' };

export type RouteGuardContext = GuardFacts & { homeRoute: RouteName; decision: GuardDecision };

export type RouteGuardInput = { homeRoute?: RouteName } | undefined;

/** Pages a user with the subscription warning may still open (rule 4). */
export const SUBSCRIPTION_WARNING_EXEMPT: ReadonlySet<RouteName> = new Set([
  'userSettings',
  'userSetting',
  'userPassword',
  'settingsNotifications',
  'settingsReminders',
  'settingsReminderNew',
  'settingsReminderUpdate',
  'settingsCookiePolicy',
  'userPaymentMethods',
  'updateProfile',
  'resetPassword',
  'subscriptions',
  'subscription',
]);

const redirect = (to: RouteName, search?: Record<string, string>): GuardDecision =>
  search ? { kind: 'redirect', to, search } : { kind: 'redirect', to };

export const routeGuardMachine = setup({
  types: {
    context: {} as RouteGuardContext,
    events: {} as RouteGuardEvent,
    input: {} as RouteGuardInput,
  },
  actions: {
    rememberReturnUrl: (_, _params: { href: string }) => {},
  },
  guards: {
    isLogoutPage: (_, check: RouteCheck) => check.access === 'logout',
    mustChangePassword: ({ context }, check: RouteCheck) =>
      context.signedIn && context.requiredUpdatePassword && check.name !== 'resetPassword',
    // "Otherwise": a pending password change wins, also on its own page (no redirect loop).
    mustCompleteProfile: ({ context }, check: RouteCheck) =>
      context.signedIn &&
      !context.requiredUpdatePassword &&
      context.requiredUpdateProfile &&
      check.name !== 'updateProfile',
    hasNothingToForce: ({ context }, check: RouteCheck) =>
      context.signedIn &&
      ((check.name === 'resetPassword' && !context.requiredUpdatePassword) ||
        (check.name === 'updateProfile' && !context.requiredUpdateProfile)),
    mustFinishRegistration: ({ context }, check: RouteCheck) =>
      context.signedIn &&
      !context.requiredUpdatePassword &&
      !context.requiredUpdateProfile &&
      context.registrationStatus &&
      check.access === 'auth',
    mustSeeSubscriptions: ({ context }, check: RouteCheck) =>
      context.signedIn &&
      !context.requiredUpdatePassword &&
      !context.requiredUpdateProfile &&
      context.subscriptionWarning &&
      check.access === 'auth' &&
      !SUBSCRIPTION_WARNING_EXEMPT.has(check.name),
    needsSignIn: ({ context }, check: RouteCheck) => check.access === 'auth' && !context.signedIn,
    isGuestOnly: ({ context }, check: RouteCheck) => check.access === 'guest' && context.signedIn,
    needsEmail: ({ context }, check: RouteCheck) =>
      check.requiresEmail === true && context.signedIn && !context.hasEmail,
  },
}).createMachine({
  id: 'routeGuard',
  context: ({ input }) => ({
    signedIn: false,
    requiredUpdatePassword: false,
    requiredUpdateProfile: false,
    subscriptionWarning: false,
    hasEmail: false,
    registrationStatus: false,
    homeRoute: input?.homeRoute ?? 'home',
    decision: { kind: 'allow' },
  }),
  initial: 'allowed',
  on: {
    'GUARD.FACTS': {
      actions: assign(({ event }) => {
        const { type: _type, ...facts } = event;
        return facts;
      }),
    },
    // The seven rules, in the spec's order (with the registration refinement after rule 3); the first that applies decides.
    'ROUTE.CHECK': [
      {
        guard: { type: 'isLogoutPage', params: ({ event }) => event },
        target: '.allowed',
        actions: assign({ decision: { kind: 'allow' } }),
      },
      {
        guard: { type: 'mustChangePassword', params: ({ event }) => event },
        target: '.redirecting',
        actions: assign({ decision: redirect('resetPassword') }),
      },
      {
        guard: { type: 'mustCompleteProfile', params: ({ event }) => event },
        target: '.redirecting',
        actions: assign({ decision: redirect('updateProfile') }),
      },
      {
        guard: { type: 'hasNothingToForce', params: ({ event }) => event },
        target: '.redirecting',
        actions: assign({
          decision: ({ event }) => redirect(event.name === 'resetPassword' ? 'userPassword' : 'userEdit'),
        }),
      },
      {
        guard: { type: 'mustFinishRegistration', params: ({ event }) => event },
        target: '.redirecting',
        actions: assign({ decision: redirect('registrationChat') }),
      },
      {
        guard: { type: 'mustSeeSubscriptions', params: ({ event }) => event },
        target: '.redirecting',
        actions: assign({ decision: redirect('subscriptions', { warning: 'true' }) }),
      },
      {
        guard: { type: 'needsSignIn', params: ({ event }) => event },
        target: '.redirecting',
        actions: [
          enqueueActions(({ enqueue, event }) => {
            if (isRememberablePath(event.href))
              enqueue({ type: 'rememberReturnUrl', params: { href: event.href } });
          }),
          assign({ decision: redirect('login') }),
        ],
      },
      {
        guard: { type: 'isGuestOnly', params: ({ event }) => event },
        target: '.redirecting',
        actions: assign({ decision: ({ context }) => redirect(context.homeRoute) }),
      },
      {
        guard: { type: 'needsEmail', params: ({ event }) => event },
        target: '.promptingEmail',
        actions: assign({ decision: { kind: 'promptEmail' } }),
      },
      { target: '.allowed', actions: assign({ decision: { kind: 'allow' } }) },
    ],
  },
  states: {
    allowed: {},
    redirecting: {},
    promptingEmail: {
      on: {
        'EMAIL.PROVIDED': {
          target: 'allowed',
          actions: assign({ hasEmail: true, decision: { kind: 'allow' } }),
        },
        'EMAIL.CANCEL': { target: 'goingBack', actions: assign({ decision: { kind: 'back' } }) },
      },
    },
    goingBack: {},
  },
});
