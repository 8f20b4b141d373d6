import { type AnyStateMachine, fromCallback, fromPromise } from 'xstate';
import type { accessRecoveryMachine } from '../../machines/accessRecovery.machine';
import type { accountDeletionMachine } from '../../machines/accountDeletion.machine';
import type { appMachine } from '../../machines/app.machine';
import type { autoLoginMachine } from '../../machines/autoLogin.machine';
import type { emailPromptMachine } from '../../machines/emailPrompt.machine';
import type { loginMachine } from '../../machines/login.machine';
import type { logoutMachine } from '../../machines/logout.machine';
import type { passwordChangeMachine } from '../../machines/passwordChange.machine';
import type { passwordResetMachine } from '../../machines/passwordReset.machine';
import type { profileCompletionMachine } from '../../machines/profileCompletion.machine';
import type { routeGuardMachine } from '../../machines/routeGuard.machine';
import { sessionMachine } from '../../machines/session.machine';
import type { signupMachine } from '../../machines/signup.machine';
import type { supportFormMachine } from '../../machines/supportForm.machine';
import * as auth from '../api/auth';
import { fetchRemoteConfig } from '../api/config';
import { sendSupportQuestion } from '../api/support';
import * as userApi from '../api/user';
import { resolveReturnUrl } from '../domain/returnUrl';
import type { User } from '../domain/user';
import { watchConnectivity } from '../platform/connectivity';
import { openExternal } from '../platform/navigation';
import { removePushUserId } from '../platform/push';
import { listenRemoteLogout } from '../platform/remoteLogout';
import { forgetReturnUrl, readReturnUrl, rememberReturnUrl } from '../platform/returnUrlStorage';
import * as tokenStorage from '../platform/tokenStorage';
import { appNavigator, routeGuardActor, sessionActor } from './runtime';

/**
 * The real side effects handed to the machines (`machine.provide(...)`): API calls, browser storage
 * and navigation. Only types of the machines are imported here, so each screen's machine stays in
 * that screen's chunk.
 */
type Provision<M extends AnyStateMachine> = Parameters<M['provide']>[0];

/** Brand home page, read from the running app (the merged brand config). */
let homePath = () => '/home';
export function setHomePath(read: () => string): void {
  homePath = read;
}

// Shared named actions ------------------------------------------------------------------------

const signIn = (_: unknown, session: { token: string; user: User }) =>
  sessionActor().send({ type: 'SESSION.SIGNED_IN', token: session.token, user: session.user });

const endSession = () => sessionActor().send({ type: 'SESSION.END' });

const updateUser = (_: unknown, params: { user: User }) =>
  sessionActor().send({ type: 'SESSION.USER_UPDATED', user: params.user });

const goToHome = () => appNavigator().goTo(homePath(), { replace: true });

const goToLogin = () => appNavigator().goTo('/', { replace: true });

const rememberCurrentPage = () => rememberReturnUrl(appNavigator().currentHref());

/**
 * /logout and /delete are not worth coming back to: they remember the page the user came from
 * (the `from` query the menu adds), or nothing.
 */
const rememberPreviousPage = () => {
  const from = appNavigator().searchParam('from');
  if (from) rememberReturnUrl(from);
};

/** After a sign-in: the query's returnUrl, then the remembered one, else home (shell spec, section 4). */
function goToReturnUrl(_: unknown, params: { token: string; returnUrl?: string | null }) {
  const target = resolveReturnUrl({
    queryReturnUrl: params.returnUrl ?? appNavigator().searchParam('returnUrl'),
    storedReturnUrl: readReturnUrl(),
    token: params.token,
    home: homePath(),
  });
  forgetReturnUrl();
  if (target.kind === 'external') openExternal(target.url);
  else appNavigator().goTo(target.path, { replace: true });
}

const fetchUser = fromPromise<User, { token: string }>(({ input }) => userApi.fetchUser(input.token));

// Machines ------------------------------------------------------------------------------------

export const sessionProvision = {
  actors: {
    readToken: fromPromise(async () => tokenStorage.readToken()),
    fetchUser,
    listenRemoteLogout: fromCallback<{ type: string }, { token: string }>(({ input, sendBack }) =>
      listenRemoteLogout(input.token, () => sendBack({ type: 'SESSION.REMOTE_LOGOUT' })),
    ),
  },
  actions: {
    storeToken: (_, params) => tokenStorage.storeToken(params.token),
    clearToken: () => tokenStorage.clearToken(),
    rememberReturnUrl: rememberCurrentPage,
    logError: (_, params) => reportError(params.error),
  },
} satisfies Provision<typeof sessionMachine>;

export const appProvision = {
  actors: {
    session: sessionMachine.provide(sessionProvision),
    loadConfig: fromPromise(() => fetchRemoteConfig()),
    // The list converters load with the first signed-in data, not with the sign-in page.
    loadSubscriptions: fromPromise(async () => (await import('../api/startLists')).fetchSubscriptions()),
    loadStartLists: fromPromise(async ({ input }) =>
      (await import('../api/startLists')).fetchStartLists(input),
    ),
    watchConnectivity: fromCallback(({ sendBack }) =>
      watchConnectivity((online) =>
        sendBack({ type: online ? 'CONNECTIVITY.ONLINE' : 'CONNECTIVITY.OFFLINE' }),
      ),
    ),
  },
  actions: { logError: (_, params) => reportError(params.error) },
} satisfies Provision<typeof appMachine>;

export const routeGuardProvision = {
  actions: { rememberReturnUrl: (_, params) => rememberReturnUrl(params.href) },
} satisfies Provision<typeof routeGuardMachine>;

export const loginProvision = {
  actors: { login: fromPromise(({ input }) => auth.login(input)) },
  actions: { signIn, goToReturnUrl },
} satisfies Provision<typeof loginMachine>;

export const signupProvision = {
  actors: {
    validateSignupForm: fromPromise(({ input }) => auth.validateSignupEmail(input.email)),
    signup: fromPromise(({ input }) => auth.signupByEmail(input)),
  },
  actions: { signIn, goToReturnUrl },
} satisfies Provision<typeof signupMachine>;

export const autoLoginProvision = {
  actors: { fetchUser },
  actions: { signIn, goToReturnUrl, endSession },
} satisfies Provision<typeof autoLoginMachine>;

export const accessRecoveryProvision = {
  actors: { requestPasswordReset: fromPromise(({ input }) => auth.requestPasswordReset(input.email)) },
} satisfies Provision<typeof accessRecoveryMachine>;

export const passwordResetProvision = {
  actors: { resetPassword: fromPromise(({ input }) => auth.resetPassword(input)) },
  actions: { signIn, goToHome },
} satisfies Provision<typeof passwordResetMachine>;

export const passwordChangeProvision = {
  actors: { updatePassword: fromPromise(({ input }) => userApi.updatePassword(input)) },
  actions: { signIn, goToHome },
} satisfies Provision<typeof passwordChangeMachine>;

export const profileCompletionProvision = {
  actors: { updateProfile: fromPromise(({ input }) => userApi.updateProfile(input)) },
  actions: { updateUser, goToHome },
} satisfies Provision<typeof profileCompletionMachine>;

export const emailPromptProvision = {
  actors: { updateEmail: fromPromise(({ input }) => userApi.updateEmail(input.email)) },
  actions: {
    updateUser,
    emailProvided: () => routeGuardActor().send({ type: 'EMAIL.PROVIDED' }),
    emailCancelled: () => routeGuardActor().send({ type: 'EMAIL.CANCEL' }),
  },
} satisfies Provision<typeof emailPromptMachine>;

/** What "clear all stores" means on the web: the local copies of the session (shell spec, section 4). */
const clearStores = () => tokenStorage.clearToken();

export const logoutProvision = {
  actors: { revokeSession: fromPromise(() => auth.logout()) },
  actions: {
    clearStores,
    removePushUserId: () => removePushUserId(),
    rememberReturnUrl: rememberPreviousPage,
    endSession,
    goToLogin,
  },
} satisfies Provision<typeof logoutMachine>;

export const accountDeletionProvision = {
  actors: { deleteAccount: fromPromise(() => userApi.deleteAccount()) },
  actions: { clearStores, rememberReturnUrl: rememberPreviousPage, endSession, goToLogin },
} satisfies Provision<typeof accountDeletionMachine>;

export const supportFormProvision = {
  actors: {
    sendSupportQuestion: fromPromise(async ({ input }) => {
      const { supportCategoryId, ...question } = input;
      await sendSupportQuestion(supportCategoryId === null ? question : { ...question, supportCategoryId });
    }),
  },
} satisfies Provision<typeof supportFormMachine>;

/** Failures that change nothing on screen still reach the console for whoever investigates. */
function reportError(error: unknown): void {
  console.error(error);
}
