import type { SnapshotFrom } from 'xstate';
import type { appMachine } from '../../machines/app.machine';
import type { GuardFacts } from '../../machines/routeGuard.machine';
import type { sessionMachine } from '../../machines/session.machine';
import { hasEmail } from '../domain/user';

/**
 * The facts the route guard decides on, read from the session and the loaded data.
 * Rule 4's warning: the user has subscriptions but none active, and every stream is optional-purchase.
 */
export function guardFacts(
  session: SnapshotFrom<typeof sessionMachine>,
  app: SnapshotFrom<typeof appMachine>,
): GuardFacts {
  const user = session.context.user;
  const { subscriptions, lists } = app.context;
  const streams = lists?.streams ?? [];
  return {
    signedIn: session.matches('signedIn'),
    requiredUpdatePassword: user?.requiredUpdatePassword ?? false,
    requiredUpdateProfile: user?.requiredUpdateProfile ?? false,
    hasEmail: user ? hasEmail(user) : false,
    subscriptionWarning:
      subscriptions.length > 0 &&
      !subscriptions.some((subscription) => subscription.isActive) &&
      streams.length > 0 &&
      streams.every((stream) => stream.isOptionalPurchase),
  };
}
