import { parseArgs } from 'node:util';
import { asc, desc } from 'drizzle-orm';
import {
  AdminError,
  type EnrolmentDates,
  enrolByEmail,
  enrolmentDates,
  formatDate,
  listCourses,
  unenrolByEmail,
} from './authoring/admin';
import { counted } from './authoring/counted';
import { importSummary, progressReporter } from './authoring/import-progress';
import { importCourse } from './authoring/importer';
import { ManifestError } from './authoring/manifest';
import { type Database, type DatabaseOptions, openDatabase } from './db/client';
import { DataDirBusyError } from './db/lock';
import { outbox, users } from './db/schema';
import { analyticsReport } from './modules/analytics/report';
import { clientErrorsReport } from './modules/client-errors/report';
import { supportReport } from './modules/tech-questions/report';

/**
 * Admin commands against the same database and media folder the server uses (DATABASE_URL, else
 * DATA_DIR; MEDIA_DIR, default .data/media):
 *   npm run cli -- outbox [--limit N]           the latest mails: to, subject, text
 *   npm run cli -- users                        every account
 *   npm run cli -- errors                       the newest 50 errors the app reported
 *   npm run cli -- analytics                    analytics events per brand and name (learners, internal)
 *   npm run cli -- support                      the newest 50 support questions
 *   npm run cli -- course import <folder>       imports a course folder (course.yaml and its media)
 *   npm run cli -- course list                  every course with its counts
 *   npm run cli -- enrol <email> <courseId> [--demo] [--start YYYY-MM-DD] [--end YYYY-MM-DD]
 *   npm run cli -- unenrol <email> <courseId>   removes the learner's streams on the course
 */
const USAGE = [
  'usage: npm run cli -- outbox [--limit N] | users | errors | analytics | support',
  '       | course import <folder> | course list',
  '       | enrol <email> <courseId> [--demo] [--start YYYY-MM-DD] [--end YYYY-MM-DD]',
  '       | unenrol <email> <courseId>',
].join('\n');
const DEFAULT_MEDIA_DIR = '.data/media';

type Command =
  | { name: 'outbox'; limit: number }
  | { name: 'users' | 'errors' | 'analytics' | 'support' | 'course list' }
  | { name: 'course import'; folder: string }
  | ({ name: 'enrol'; email: string; courseId: number; demo: boolean } & EnrolmentDates)
  | { name: 'unenrol'; email: string; courseId: number };

const isId = (text: string | undefined) =>
  text !== undefined && /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647;

/** The options each command takes; any other is a usage error, not an option to ignore. */
const OPTIONS_OF: Readonly<Record<Command['name'], readonly string[]>> = {
  outbox: ['limit'],
  users: [],
  errors: [],
  analytics: [],
  support: [],
  'course list': [],
  'course import': [],
  enrol: ['demo', 'start', 'end'],
  unenrol: [],
};

/**
 * The command the arguments name, or null when they do not make one (an option the command does not
 * take included: `unenrol --demo` would remove full streams too); an `AdminError` says what is wrong
 * with arguments of a known command (a bad date or course id, an option given twice).
 */
function parseCommand(argv: readonly string[]): Command | null {
  const { positionals, values } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    // Every option collects all its values: parseArgs would keep the last of several (a flag given
    // twice would be one), and which one an admin meant is not the CLI's to guess.
    options: {
      limit: { type: 'string', multiple: true },
      demo: { type: 'boolean', multiple: true },
      start: { type: 'string', multiple: true },
      end: { type: 'string', multiple: true },
    },
  });
  for (const [option, given] of Object.entries(values))
    if (given !== undefined && given.length > 1)
      throw new AdminError(`--${option} is given twice; give it once`);
  const command = commandOf(positionals, values);
  const taken = command ? OPTIONS_OF[command.name] : [];
  return Object.keys(values).every((option) => taken.includes(option)) ? command : null;
}

/** The command the positionals name, with the values of its options, or null. */
function commandOf(
  positionals: readonly string[],
  values: { limit?: string[]; demo?: boolean[]; start?: string[]; end?: string[] },
): Command | null {
  const [first, second, third] = positionals;
  const limit = Number(values.limit?.[0] ?? '10');
  if (first === 'outbox' && positionals.length === 1 && Number.isInteger(limit) && limit >= 1)
    return { name: 'outbox', limit };
  if (
    (first === 'users' || first === 'errors' || first === 'analytics' || first === 'support') &&
    positionals.length === 1
  )
    return { name: first };
  if (first === 'course' && second === 'list' && positionals.length === 2) return { name: 'course list' };
  if (first === 'course' && second === 'import' && third && positionals.length === 3)
    return { name: 'course import', folder: third };
  if ((first === 'enrol' || first === 'unenrol') && second && third && positionals.length === 3) {
    if (!isId(third))
      throw new AdminError(`the course id must be a whole number from 1 to 2147483647, got "${third}"`);
    if (first === 'unenrol') return { name: 'unenrol', email: second, courseId: Number(third) };
    return {
      name: 'enrol',
      email: second,
      courseId: Number(third),
      demo: values.demo !== undefined,
      // Checked before the database opens: a typo costs no wait for the data folder.
      ...enrolmentDates(values.start?.[0], values.end?.[0]),
    };
  }
  return null;
}

function databaseFromEnv(): DatabaseOptions {
  const env = process.env;
  return env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: env.DATA_DIR || '.data/pglite' };
}

/** Ctrl+C (or a SIGTERM) while a long command runs: it is stopped and undoes its work, then the CLI ends. */
class Interrupted extends Error {
  constructor() {
    super('stopped');
    this.name = 'Interrupted';
  }
}

/**
 * Runs `work` with a signal that Ctrl+C and SIGTERM abort. Without this, the first Ctrl+C would end the
 * process at once, before the import could remove what it had staged in the media folder.
 */
async function whileInterruptible<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const interrupt = () => controller.abort(new Interrupted());
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  try {
    return await work(controller.signal);
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  }
}

async function runCourseCommand(database: Database, command: Command): Promise<void> {
  if (command.name === 'course import') {
    const startedAt = performance.now();
    const course = await whileInterruptible((signal) =>
      importCourse(database.db, process.env.MEDIA_DIR || DEFAULT_MEDIA_DIR, command.folder, {
        onProgress: progressReporter(process.stderr),
        signal,
      }),
    );
    console.log(importSummary(course, (performance.now() - startedAt) / 1000));
  } else if (command.name === 'course list') {
    const list = await listCourses(database.db);
    if (list.length === 0) console.log('No courses yet: npm run cli -- course import <folder> adds one.');
    for (const course of list) {
      const outline = [
        counted(course.stages, 'stage'),
        counted(course.days, 'day'),
        counted(course.lessons, 'lesson'),
      ].join(', ');
      console.log(`${course.id}\t${course.title}\t${outline}\t${counted(course.streams, 'stream')}`);
    }
  } else if (command.name === 'enrol') {
    const done = await enrolByEmail(database.db, command);
    console.log(
      `Enrolled ${command.email} in course ${command.courseId} "${done.courseTitle}"${command.demo ? ' (demo)' : ''}: ` +
        `stream ${done.streamId}, ${formatDate(done.startDate)} to ${formatDate(done.endDate)}`,
    );
  } else if (command.name === 'unenrol') {
    const removed = await unenrolByEmail(database.db, command.email, command.courseId);
    console.log(`Removed stream ${removed.join(', ')} of ${command.email} on course ${command.courseId}`);
  }
}

async function main(): Promise<number> {
  let command: Command | null;
  try {
    command = parseCommand(process.argv.slice(2));
  } catch (error) {
    if (error instanceof AdminError) throw error;
    command = null; // an unknown option or a missing value
  }
  if (!command) {
    console.error(USAGE);
    return 2;
  }

  const database = await openDatabase(databaseFromEnv());
  try {
    if (command.name === 'outbox') {
      const mails = await database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(command.limit);
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
    } else if (command.name === 'errors') {
      for (const line of await clientErrorsReport(database.db)) console.log(line);
    } else if (command.name === 'analytics') {
      for (const line of await analyticsReport(database.db)) console.log(line);
    } else if (command.name === 'support') {
      for (const line of await supportReport(database.db)) console.log(line);
    } else if (command.name === 'users') {
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
    } else await runCourseCommand(database, command);
  } finally {
    await database.close();
  }
  return 0;
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (error instanceof DataDirBusyError || error instanceof AdminError) console.error(error.message);
    else if (error instanceof ManifestError) console.error(`\nThe course was not imported: ${error.message}`);
    else if (error instanceof Interrupted) {
      console.error('\nThe import was stopped: nothing was imported.');
      process.exit(130);
    } else console.error('cli failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
