import { dirname, join } from 'node:path';
import { BRANDS } from '../brands/index';
import { startServer } from './app';
import { parseBrandTags } from './infra/brand-tags';
import { parsePushServices } from './infra/push-services';
import { parseSocialConfig } from './modules/social-auth/config';

/** Reads the environment, starts the server and logs one line saying where and with what. */
const env = process.env;
const port = Number(env.PORT ?? 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got ${env.PORT}`);
  process.exit(1);
}

const reminderTickMs = Number(env.REMINDER_TICK_MS ?? 30_000);
if (!Number.isInteger(reminderTickMs) || reminderTickMs < 0) {
  console.error(`REMINDER_TICK_MS must be 0 or more milliseconds, got ${env.REMINDER_TICK_MS}`);
  process.exit(1);
}

const adminDashboardUrl = env.ADMIN_DASHBOARD_URL || undefined;
if (adminDashboardUrl !== undefined && !/^https?:$/.test(URL.parse(adminDashboardUrl)?.protocol ?? '')) {
  console.error(`ADMIN_DASHBOARD_URL must be an http or https address, got ${adminDashboardUrl}`);
  process.exit(1);
}

try {
  const server = await startServer({
    port,
    host: env.HOST || '127.0.0.1',
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: env.DATA_DIR || '.data/pglite' },
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    brand: env.BRAND || undefined,
    mediaDir: env.MEDIA_DIR || undefined,
    social: parseSocialConfig(env),
    brandTags: parseBrandTags(env, BRANDS),
    // Beside the database folder (also with DATABASE_URL): browsers' subscriptions are bound to it.
    vapidFile: join(dirname(env.DATA_DIR || '.data/pglite'), 'vapid.json'),
    pushSubject: env.VAPID_SUBJECT || undefined,
    pushServices: parsePushServices(env),
    reminders: { tickMs: reminderTickMs },
    adminDashboardUrl,
  });
  console.log(`Listening on ${server.url}/v/ — database ${server.databaseLabel} — mail ${server.mailMode}`);
  // Brands are picked by host name, so say which name opens which brand.
  if (!env.BRAND) {
    for (const brand of BRANDS)
      console.log(`  ${brand.assets.title}: http://${brand.hosts[0]}:${server.port}/v/`);
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
