import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { techQuestions } from '../../db/schema';
import { asPrintedCell, asPrintedLines } from '../../infra/terminal-text';

/** How many questions `npm run cli -- support` shows, newest first. */
export const QUESTIONS_SHOWN = 50;

/**
 * The newest support questions as lines for the command line: when, who (account or anonymous),
 * the topic and stream they are about, whether it was a one-tap request, then the message, each of its
 * lines indented, as the learner wrote it (server/infra/terminal-text.ts).
 */
export async function supportReport(db: Db): Promise<string[]> {
  const rows = await db.select().from(techQuestions).orderBy(desc(techQuestions.id)).limit(QUESTIONS_SHOWN);
  if (rows.length === 0) return ['No support questions yet.'];
  return rows.map((row) => {
    const who = row.userId === null ? `anonymous ${row.email}` : `user ${row.userId} ${row.email}`;
    const about = [
      row.supportCategoryId === null ? 'no topic' : `topic ${row.supportCategoryId}`,
      row.targetId === null ? 'no course' : `stream ${row.targetId}`,
      row.isAuto ? 'one-tap' : '',
    ].filter(Boolean);
    const from = asPrintedCell(`${who} (${row.name})`);
    return `#${row.id} ${row.createdAt.toISOString()}\t${from}\t${about.join(', ')}\n  ${asPrintedLines(row.message, '  ')}`;
  });
}
