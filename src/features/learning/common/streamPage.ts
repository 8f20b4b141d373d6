import { parseRouteId } from './routeIds';

/**
 * The stream whose page `pathname` is (`<base>course/{streamId}/calendar[/{dayNumber}]`), else null:
 * the pages whose reads the app starts ahead as it opens on them (pageReadAhead.provide.ts).
 */
export function streamOfPage(pathname: string, base: string): number | null {
  if (!pathname.startsWith(base)) return null;
  const match = /^course\/([^/]+)\/calendar(?:\/[^/]+)?\/?$/.exec(pathname.slice(base.length));
  return match ? parseRouteId(match[1]) : null;
}
