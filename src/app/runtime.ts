import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { GuardDecision, RouteCheck, routeGuardMachine } from '../../machines/routeGuard.machine';
import type { sessionMachine } from '../../machines/session.machine';

/**
 * The long-lived pieces that named actions and the router reach: the root actor (its system holds
 * the session), the route guard and the navigator. Screen machines run in actors of their own, so
 * their actions find the session here. main.tsx registers all of them before the first render.
 */
export type AppNavigator = {
  /** Goes to an in-app path (with query), without the router's base path. */
  goTo: (path: string, options?: { replace?: boolean }) => void;
  /** The current in-app path with query, without the router's base path. */
  currentHref: () => string;
  /** A query parameter of the current location. */
  searchParam: (name: string) => string | null;
  /** Back to the previous page of this app, or to `fallbackPath` when there is none. */
  goBack: (fallbackPath: string) => void;
};

type Runtime = {
  root: AnyActorRef;
  routeGuard: ActorRefFrom<typeof routeGuardMachine>;
  navigator: AppNavigator;
};

let runtime: Runtime | null = null;

export function registerRuntime(next: Runtime): void {
  runtime = next;
}

function current(): Runtime {
  if (!runtime) throw new Error('the app runtime is used before the app started');
  return runtime;
}

export const sessionActor = (): ActorRefFrom<typeof sessionMachine> => current().root.system.get('session');

export const routeGuardActor = (): ActorRefFrom<typeof routeGuardMachine> => current().routeGuard;

export const appNavigator = (): AppNavigator => current().navigator;

/** Asks the route guard about a navigation; it decides synchronously. */
export function checkRoute(check: RouteCheck): GuardDecision {
  const guard = routeGuardActor();
  guard.send({ type: 'ROUTE.CHECK', ...check });
  return guard.getSnapshot().context.decision;
}
