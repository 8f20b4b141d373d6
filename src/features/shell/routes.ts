import { type AnyRoute, createRoute, redirect } from '@tanstack/react-router';
import type { AppRouteName } from '../../app/routeNames';
import { lazyAreaScreen, lazyScreen, page, stringParams } from '../../app/routing';

/** The page every section that later work builds shows for now. */
const notBuiltYet = lazyScreen(() => import('./NotBuiltYetPage'), 'NotBuiltYetPage');

export const notFoundPage = lazyScreen(() => import('./NotFoundPage'), 'NotFoundPage');

/** Signed-in pages share the header frame: a layout route without a path of its own. */
export const signedInLayout = <TParent extends AnyRoute>(root: TParent) =>
  createRoute({
    getParentRoute: () => root,
    id: 'signed-in',
    component: lazyAreaScreen('pages', () => import('./SignedInLayout'), 'SignedInLayout'),
  });

export const shellRoutes = <TParent extends AnyRoute>(signedIn: TParent) => {
  // One call per page (not a map over names): each route keeps its own path type, so a Link to a
  // page without params is not asked for the params of the others.
  const later = <const TName extends AppRouteName>(name: TName) => page(signedIn, name, 'auth', notBuiltYet);
  return [
    page(signedIn, 'subscriptions', 'auth', notBuiltYet, { validateSearch: stringParams('warning') }),
    page(signedIn, 'home-catalog', 'auth', notBuiltYet, { requiresEmail: true }),
    later('userPaymentMethods'),
    later('installments'),
    later('subscription'),
    later('home-events'),
    later('homeworks'),
    later('homework'),
    later('chats'),
    later('chat'),
    later('videoconsultations'),
    later('videoconsultation'),
    later('banners'),
  ] as const;
};

/** Legacy and container paths that only send the visitor on (shell spec, section 2). */
export const legacyRedirects = <TParent extends AnyRoute>(root: TParent) => {
  const moved = <const TPath extends string>(
    path: TPath,
    to: (params: Record<string, string>) => ReturnType<typeof redirect>,
  ) =>
    createRoute({
      getParentRoute: () => root,
      path,
      beforeLoad: ({ params }): never => {
        throw to(params as Record<string, string>);
      },
    });
  const toCalendar = ({ streamId = '' }: Record<string, string>) =>
    redirect({ to: '/course/$streamId/calendar', params: { streamId }, replace: true });
  const toHome = () => redirect({ to: '/home', replace: true });
  return [
    moved('/user', toHome),
    moved('/course', toHome),
    // A calendar or day without its stream goes to the courses (content spec, section 2).
    moved('/course/calendar', toHome),
    moved('/course/calendar/$dayNumber', toHome),
    moved('/subscriptions', () =>
      redirect({ to: '/user/subscriptions', search: { warning: 'true' }, replace: true }),
    ),
    moved('/course/$streamId/stages', toCalendar),
    // The freeze dialog opens over the calendar.
    moved('/course/$streamId/freeze', ({ streamId = '' }) =>
      redirect({
        to: '/course/$streamId/calendar',
        params: { streamId },
        search: { dialog: 'freeze' },
        replace: true,
      }),
    ),
    // The old path names the day by id, the day route by number: the calendar knows the stream's days
    // and moves on to the day's number.
    moved('/course/$streamId/stages/$stageId/days/$dayId', ({ streamId = '', dayId = '' }) =>
      redirect({ to: '/course/$streamId/calendar', params: { streamId }, search: { dayId }, replace: true }),
    ),
  ] as const;
};
