import type { SnapshotFrom } from 'xstate';
import type { appMachine } from '../../machines/shell/app.machine';
import type { GuardFacts } from '../../machines/shell/routeGuard.machine';
import type { sessionMachine } from '../../machines/shell/session.machine';
import { isRegistrationStatus } from '../domain/registrationChat';
import { needsSubscriptionWarning } from '../domain/subscriptionWarning';
import { hasEmail } from '../domain/user';

/**
 * The facts the route guard decides on, read from the session and the loaded data.
 * Rule 4's warning: the user has subscriptions but none active (lifetime counts as active), and every
 * stream is optional-purchase. An unfinished registration: the user's status is a chat step on a
 * brand that has the chat.
 */
export function guardFacts(
  session: SnapshotFrom<typeof sessionMachine>,
  app: SnapshotFrom<typeof appMachine>,
): GuardFacts {
  const user = session.context.user;
  const { subscriptions, lists, brand } = app.context;
  return {
    signedIn: session.matches('signedIn'),
    requiredUpdatePassword: user?.requiredUpdatePassword ?? false,
    requiredUpdateProfile: user?.requiredUpdateProfile ?? false,
    hasEmail: user ? hasEmail(user) : false,
    subscriptionWarning: needsSubscriptionWarning(subscriptions, lists?.streams ?? []),
    registrationStatus:
      user !== null && isRegistrationStatus(user.status) && brand.userInfoChat.questions.length > 0,
  };
}
