/**
 * The signed-in session: token, user and the "New sign-in" notice.
 * Refinements of the shared contract (additive):
 * - `SESSION.SIGNED_IN` is accepted in every state (a sign-in may finish while a restore is running);
 *   from `signedIn` it re-enters, so the remote-logout listener restarts with the new token.
 * - Named actions `notifyStarted`, `notifyUserChanged`, `notifyEnded` tell the parent (the app)
 *   SESSION.STARTED / SESSION.USER_CHANGED / SESSION.ENDED; `logError` reports failures that do not
 *   change the state (a broken remote-logout listener, a restore without a network).
 * - A 401 while fetching the user at restore removes the stored token. A failure without an answer
 *   (no network, the server unreachable) keeps it and goes back to `idle`, telling the app
 *   (SESSION.UNREACHABLE), which asks again once the server can be reached: the learner is not
 *   shown the sign-in page while still signed in.
 * - `SESSION.EXPIRED` names the token the 401 answered; only the current token's ends the session.
 */
import { assign, type EventObject, fromCallback, fromPromise, sendParent, setup } from 'xstate';
import { isUnauthorized } from '../../src/domain/requestError';
import type { User } from '../../src/domain/user';
import { LOG_FAILURE } from '../common/logFailure';
import { unprovided } from '../common/unprovided';

export type SessionNotice = 'newSignIn';

export type SessionContext = { token: string | null; user: User | null; notice: SessionNotice | null };

export type SessionEvent =
  | { type: 'SESSION.RESTORE' }
  | { type: 'SESSION.SIGNED_IN'; token: string; user: User }
  | { type: 'SESSION.USER_UPDATED'; user: User }
  | { type: 'SESSION.EXPIRED'; token: string }
  | { type: 'SESSION.REMOTE_LOGOUT' }
  | { type: 'SESSION.END' }
  | { type: 'NOTICE.DISMISS' };

/** What the session tells its parent (the app machine). */
export type SessionParentEvent =
  | { type: 'SESSION.STARTED'; user: User }
  | { type: 'SESSION.USER_CHANGED'; user: User }
  | { type: 'SESSION.ENDED' }
  | { type: 'SESSION.UNREACHABLE' };

const signedOutContext = { token: null, user: null } as const;

/** A 401 or a logout from another device: the user must sign in again and is told why. */
const endedElsewhere = [
  assign<SessionContext, SessionEvent, undefined, SessionEvent, never>({
    ...signedOutContext,
    notice: 'newSignIn',
  }),
  'clearToken',
  'rememberReturnUrl',
  'notifyEnded',
] as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    readToken: fromPromise<string | null>(unprovided),
    fetchUser: fromPromise<User, { token: string }>(unprovided),
    listenRemoteLogout: fromCallback<EventObject, { token: string }>(unprovided),
  },
  actions: {
    storeToken: (_, _params: { token: string }) => {},
    clearToken: () => {},
    rememberReturnUrl: () => {},
    logError: (_, _params: { error: unknown }) => {},
    notifyStarted: sendParent(
      (_, params: { user: User }): SessionParentEvent => ({
        type: 'SESSION.STARTED',
        user: params.user,
      }),
    ),
    notifyUserChanged: sendParent(
      (_, params: { user: User }): SessionParentEvent => ({
        type: 'SESSION.USER_CHANGED',
        user: params.user,
      }),
    ),
    notifyEnded: sendParent({ type: 'SESSION.ENDED' } satisfies SessionParentEvent),
    notifyUnreachable: sendParent({ type: 'SESSION.UNREACHABLE' } satisfies SessionParentEvent),
  },
  guards: {
    hasToken: (_, params: { token: string | null }) => params.token !== null && params.token !== '',
    isUnauthorized: (_, params: { error: unknown }) => isUnauthorized(params.error),
    isCurrentToken: ({ context }, params: { token: string }) => params.token === context.token,
  },
}).createMachine({
  id: 'session',
  context: { token: null, user: null, notice: null },
  initial: 'idle',
  on: {
    'SESSION.SIGNED_IN': {
      target: '.signedIn',
      reenter: true,
      actions: [
        assign(({ event }) => ({ token: event.token, user: event.user, notice: null })),
        { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
        { type: 'notifyStarted', params: ({ event }) => ({ user: event.user }) },
      ],
    },
  },
  states: {
    idle: {
      on: { 'SESSION.RESTORE': 'restoring' },
    },
    restoring: {
      invoke: {
        id: 'readToken',
        src: 'readToken',
        onDone: [
          {
            guard: { type: 'hasToken', params: ({ event }) => ({ token: event.output }) },
            target: 'fetchingUser',
            actions: assign({ token: ({ event }) => event.output }),
          },
          { target: 'signedOut' },
        ],
        onError: {
          target: 'signedOut',
          actions: LOG_FAILURE,
        },
      },
    },
    fetchingUser: {
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: {
          target: 'signedIn',
          actions: [
            assign({ user: ({ event }) => event.output }),
            { type: 'notifyStarted', params: ({ event }) => ({ user: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut',
            actions: [assign(signedOutContext), 'clearToken'],
          },
          {
            target: 'idle',
            actions: [assign(signedOutContext), LOG_FAILURE, 'notifyUnreachable'],
          },
        ],
      },
    },
    signedIn: {
      invoke: {
        id: 'listenRemoteLogout',
        src: 'listenRemoteLogout',
        // signedIn is only ever entered with a token in context.
        input: ({ context }) => ({ token: context.token ?? '' }),
        onError: { actions: LOG_FAILURE },
      },
      on: {
        'SESSION.USER_UPDATED': {
          actions: [
            assign({ user: ({ event }) => event.user }),
            { type: 'notifyUserChanged', params: ({ event }) => ({ user: event.user }) },
          ],
        },
        // A 401 for a token the session no longer holds (a call that left before a password change
        // replaced it) says nothing about the current session.
        'SESSION.EXPIRED': {
          guard: { type: 'isCurrentToken', params: ({ event }) => ({ token: event.token }) },
          target: 'signedOut',
          actions: endedElsewhere,
        },
        'SESSION.REMOTE_LOGOUT': { target: 'signedOut', actions: endedElsewhere },
        'SESSION.END': {
          target: 'signedOut',
          actions: [assign(signedOutContext), 'clearToken', 'notifyEnded'],
        },
      },
    },
    signedOut: {
      on: { 'NOTICE.DISMISS': { actions: assign({ notice: null }) } },
    },
  },
});
