/**
 * Gives a learner point entries straight in the database of a stopped server (the server has no call
 * that gives points): `npx tsx tests/e2e/support/add-points.ts <pglite folder> <e-mail> <count>`.
 * The entries alternate top-ups of 20 and debits of 10, one hour apart, all older than a week, so
 * they come after the seeded entries in the newest-first history. Prints the sum of what it added.
 */
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../../server/db/client';
import { userScores, users } from '../../../server/db/schema';

const HOUR_MS = 60 * 60 * 1000;
const WEEK_MS = 7 * 24 * HOUR_MS;

async function addPoints(dataDir: string, email: string, count: number): Promise<number> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no user ${email}`);
    const oldest = Date.now() - WEEK_MS - count * HOUR_MS;
    const rows = Array.from({ length: count }, (_, index) => ({
      userId: user.id,
      amount: index % 2 === 0 ? 20 : -10,
      updatedAt: new Date(oldest + index * HOUR_MS),
    }));
    await database.db.insert(userScores).values(rows);
    return rows.reduce((sum, row) => sum + row.amount, 0);
  } finally {
    await database.close();
  }
}

const [dataDir = '', email = '', count = ''] = process.argv.slice(2);
addPoints(dataDir, email, Number(count)).then(
  // Written as plain text: console.log would colour a number when FORCE_COLOR is set.
  (added) => process.stdout.write(`${added}\n`),
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
