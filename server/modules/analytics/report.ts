import { asc, count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyticsEvents } from '../../db/schema';

/**
 * `npm run cli -- analytics`: events per brand and name, learners' and the school's own (internal)
 * traffic in separate columns, one line per brand and event.
 */
export async function analyticsReport(db: Db): Promise<string[]> {
  const rows = await db
    .select({
      brandId: analyticsEvents.brandId,
      name: analyticsEvents.name,
      internal: analyticsEvents.internal,
      events: count(),
    })
    .from(analyticsEvents)
    .groupBy(analyticsEvents.brandId, analyticsEvents.name, analyticsEvents.internal)
    .orderBy(asc(analyticsEvents.brandId), asc(analyticsEvents.name));
  if (rows.length === 0) return ['No analytics events yet.'];
  const counts = new Map<string, { learners: number; internal: number }>();
  for (const row of rows) {
    const key = `${row.brandId}\t${row.name}`;
    const entry = counts.get(key) ?? { learners: 0, internal: 0 };
    if (row.internal) entry.internal += row.events;
    else entry.learners += row.events;
    counts.set(key, entry);
  }
  return [
    'brand\tevent\tlearners\tinternal',
    ...[...counts].map(([key, { learners, internal }]) => `${key}\t${learners}\t${internal}`),
  ];
}
