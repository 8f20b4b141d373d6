import { parseArgs } from 'node:util';
import { asc, desc } from 'drizzle-orm';
import { type DatabaseOptions, openDatabase } from './db/client';
import { DataDirBusyError } from './db/lock';
import { clientErrors, outbox, users } from './db/schema';

/**
 * Admin commands against the same database the server uses (DATABASE_URL, else DATA_DIR):
 *   npm run cli -- outbox [--limit N]   the latest mails: to, subject, text
 *   npm run cli -- users                every account
 *   npm run cli -- errors               the newest 50 errors the app reported
 */
const USAGE = 'usage: npm run cli -- outbox [--limit N] | users | errors';
const COMMANDS = ['outbox', 'users', 'errors'];
const ERRORS_SHOWN = 50;

function databaseFromEnv(): DatabaseOptions {
  const env = process.env;
  return env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: env.DATA_DIR || '.data/pglite' };
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { limit: { type: 'string', default: '10' } },
  });
  const command = positionals[0] ?? '';
  const limit = Number(values.limit);
  if (!COMMANDS.includes(command) || !Number.isInteger(limit) || limit < 1) {
    console.error(USAGE);
    return 2;
  }

  const database = await openDatabase(databaseFromEnv());
  try {
    if (command === 'outbox') {
      const mails = await database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
      if (mails.length === 0) console.log('The outbox is empty.');
      for (const mail of mails) {
        const state = mail.sentAt
          ? `sent ${mail.sentAt.toISOString()}`
          : mail.error
            ? `failed: ${mail.error}`
            : 'kept';
        console.log(`#${mail.id} ${mail.createdAt.toISOString()} (${state})`);
        console.log(`To: ${mail.toAddress}\nSubject: ${mail.subject}\n\n${mail.text}\n${'-'.repeat(60)}`);
      }
    } else if (command === 'errors') {
      const reports = await database.db
        .select()
        .from(clientErrors)
        .orderBy(desc(clientErrors.id))
        .limit(ERRORS_SHOWN);
      if (reports.length === 0) console.log('No client errors reported.');
      for (const report of reports) {
        const who = report.userId === null ? 'anonymous' : `user ${report.userId}`;
        console.log(
          `${report.createdAt.toISOString()}\t${who}\t${report.name}: ${report.message}\t${report.href}`,
        );
      }
    } else {
      const rows = await database.db.select().from(users).orderBy(asc(users.id));
      if (rows.length === 0)
        console.log('No accounts yet: the server seeds the demo accounts when it first starts.');
      for (const user of rows) {
        const flags = [
          user.isAdmin ? 'admin' : '',
          user.isRequireUpdatePassword ? 'must-change-password' : '',
          user.isRequireUpdateProfile ? 'must-complete-profile' : '',
          user.status === 0 ? 'deleted' : '',
        ].filter(Boolean);
        const who = user.email ?? `app:${user.appId}`;
        const name = [user.name, user.lastName].filter(Boolean).join(' ');
        console.log(
          `${user.id}\t${who}\t${name}\tstatus ${user.status}${flags.length ? `\t${flags.join(', ')}` : ''}`,
        );
      }
    }
  } finally {
    await database.close();
  }
  return 0;
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (error instanceof DataDirBusyError) console.error(error.message);
    else console.error('cli failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
