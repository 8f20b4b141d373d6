import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientErrors } from '../../db/schema';
import { asPrintedCell } from '../../infra/terminal-text';

/** How many reports `npm run cli -- errors` shows, newest first. */
export const ERRORS_SHOWN = 50;

/**
 * The newest error reports as lines for the command line, one per report: when, who (user or
 * anonymous), the error's name and message, and the page. Fields are tab-separated, so the tabs and
 * line breaks a message may hold are shown escaped (`asPrintedCell`).
 */
export async function clientErrorsReport(db: Db): Promise<string[]> {
  const reports = await db.select().from(clientErrors).orderBy(desc(clientErrors.id)).limit(ERRORS_SHOWN);
  if (reports.length === 0) return ['No client errors reported.'];
  return reports.map((report) => {
    const who = report.userId === null ? 'anonymous' : `user ${report.userId}`;
    const cells = [`${report.name}: ${report.message}`, report.href].map(asPrintedCell);
    return [report.createdAt.toISOString(), who, ...cells].join('\t');
  });
}
