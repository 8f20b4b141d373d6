import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientErrors } from '../../db/schema';

/** How many reports `npm run cli -- errors` shows, newest first. */
export const ERRORS_SHOWN = 50;

/** What breaks a report's line apart, as the escapes a reader knows (a browser's message may hold them). */
const LINE_SEPARATORS: Record<string, string> = {
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};
const inOneCell = (text: string) =>
  text.replace(/[\t\n\r\u2028\u2029]/g, (char) => LINE_SEPARATORS[char] ?? char);

/**
 * The newest error reports as lines for the command line, one per report: when, who (user or
 * anonymous), the error's name and message, and the page. Fields are tab-separated, so the tabs and
 * line breaks a message may hold are shown escaped.
 */
export async function clientErrorsReport(db: Db): Promise<string[]> {
  const reports = await db.select().from(clientErrors).orderBy(desc(clientErrors.id)).limit(ERRORS_SHOWN);
  if (reports.length === 0) return ['No client errors reported.'];
  return reports.map((report) => {
    const who = report.userId === null ? 'anonymous' : `user ${report.userId}`;
    const cells = [`${report.name}: ${report.message}`, report.href].map(inOneCell);
    return [report.createdAt.toISOString(), who, ...cells].join('\t');
  });
}
