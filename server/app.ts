import { mkdtemp } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { secureHeaders } from 'hono/secure-headers';
import { BRANDS, brandById, parseBrand } from '../brands/index';
import { type DatabaseOptions, type Db, openDatabase } from './db/client';
import { DEFAULT_BODY_LIMIT_BYTES, drainUnreadBody, limitBody } from './http/body-limit';
import { compressAnswers } from './http/compression';
import type { AppEnv } from './http/context';
import { ApiError } from './http/errors';
import { answerExpectContinue } from './http/expect-continue';
import { requestContext } from './http/request-context';
import { sendError } from './http/respond';
import { type ApiModule, type ApiRoute, apiRouter, refusesHead, routeTable } from './http/route';
import { answerUnreadableRequests } from './http/unreadable-requests';
import type { DeployedTags } from './infra/brand-tags';
import { createServices, type Services } from './infra/container';
import type { MessageKey } from './infra/i18n';
import { consoleLogger, type Logger } from './infra/logger';
import type { PasswordCost } from './infra/passwords';
import { createPush, DEFAULT_PUSH_SUBJECT, loadVapidKeys } from './infra/push';
import type { PushServices } from './infra/push-services';
import { createReminderScheduler, type ReminderScheduler } from './infra/scheduler';
import { adminDashboardRoutes } from './modules/admin-dashboard/routes';
import { analyticsModule } from './modules/analytics/routes';
import { appRatingModule } from './modules/app-rating/routes';
import { authModule } from './modules/auth/routes';
import { bannersModule } from './modules/banners/routes';
import { clientErrorsModule } from './modules/client-errors/routes';
import { communitiesModule } from './modules/communities/routes';
import { configModule } from './modules/config/routes';
import { contractRoutes } from './modules/contract/routes';
import { cookieModule } from './modules/cookie/routes';
import { sessionConsentReader } from './modules/cookie/storedChoice';
import { courseServicesModule } from './modules/course-services/routes';
import { coursesModule } from './modules/courses/routes';
import { dayStatusesModule } from './modules/day-statuses/routes';
import { eventsModule } from './modules/events/routes';
import { healthRoutes } from './modules/health/routes';
import { mediaRoutes } from './modules/media/routes';
import { pushModule } from './modules/push/routes';
import { scheduleModule } from './modules/schedule/routes';
import { scoresModule } from './modules/scores/routes';
import type { SocialConfig } from './modules/social-auth/config';
import { socialAuthModule } from './modules/social-auth/routes';
import { streamsModule } from './modules/streams/routes';
import { subscriptionsModule } from './modules/subscriptions/routes';
import { supportCategoriesModule } from './modules/support-categories/routes';
import { techQuestionsModule } from './modules/tech-questions/routes';
import { uploadFileRoutes } from './modules/uploads/files';
import { MAX_IMAGE_BYTES } from './modules/uploads/limits';
import { deleteUploadsOfDeletedAccounts } from './modules/uploads/queries';
import { IMAGE_UPLOAD_PATH, uploadsModule } from './modules/uploads/routes';
import { removeAbandonedUploads } from './modules/uploads/store';
import { userModule } from './modules/user/routes';
import { seedDemoData } from './seed/index';
import { appPages } from './static';

/** The same routes answer under both bases of the wire contract. */
export const API_BASES = ['/spa/api/v1', '/spa/v2'] as const;
const KEEP_ALIVE_MS = 25_000;
/** Node's own default, stated: what a request that never arrives whole is given (ServerOptions). */
const REQUEST_TIMEOUT_MS = 300_000;
const REMINDER_TICK_MS = 30_000;

/** Every resource of the API, in the order of the OpenAPI document. */
export const API_MODULES: readonly ApiModule[] = [
  configModule,
  authModule,
  socialAuthModule,
  userModule,
  uploadsModule,
  techQuestionsModule,
  supportCategoriesModule,
  appRatingModule,
  coursesModule,
  streamsModule,
  dayStatusesModule,
  courseServicesModule,
  subscriptionsModule,
  communitiesModule,
  scoresModule,
  bannersModule,
  eventsModule,
  clientErrorsModule,
  scheduleModule,
  pushModule,
  cookieModule,
  analyticsModule,
];

/** Every API call under every base, from the same declarations that register and document them. */
export function apiRouteTable(): ApiRoute[] {
  return routeTable(API_MODULES, API_BASES);
}

const STATUS_MESSAGES: Partial<Record<number, MessageKey>> = {
  400: 'badJson',
  401: 'unauthorized',
  404: 'notFound',
  405: 'methodNotAllowed',
};

/** Builds the whole HTTP application: API, app pages, secure headers and error answers. */
export function createApp(services: Services) {
  const app = new Hono<AppEnv>();
  // Before every middleware: probes need neither brand, compression nor security headers.
  app.route('/', healthRoutes(services));
  app.use(secureHeaders());
  app.use(compressAnswers());
  app.use(requestContext(services.settings.forcedBrand, services.settings.brandTags ?? {}));
  // API answers are someone's own (a session's token, a profile, a stream) or say who is signed in:
  // no cache between the app and the server keeps one. A call that may be kept says so itself.
  app.use('/spa/*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });
  // Outermost of the body's handling: it sees every answer, the limits' refusals included.
  app.use('/spa/*', drainUnreadBody());
  // The first limit that runs decides: the image upload's own, streamed and counted by its route.
  for (const base of API_BASES) {
    app.use(
      `${base}${IMAGE_UPLOAD_PATH}`,
      limitBody({
        maxBytes: MAX_IMAGE_BYTES,
        countedByRoute: true,
        refusal: { key: 'imageTooLarge', params: { mb: MAX_IMAGE_BYTES / 1024 / 1024 } },
      }),
    );
  }
  app.use('/spa/*', limitBody({ maxBytes: DEFAULT_BODY_LIMIT_BYTES }));
  const headRefused = refusesHead(API_MODULES, API_BASES);
  app.use(
    '/spa/*',
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) => {
        const allowed = headRefused(c.req.path) ? methods.filter((method) => method !== 'HEAD') : methods;
        return sendError(c, new ApiError(405, 'methodNotAllowed', undefined, { Allow: allowed.join(', ') }));
      },
    }),
  );
  const api = apiRouter(API_MODULES, services);
  for (const base of API_BASES) app.route(base, api);
  app.route('/spa', contractRoutes(API_MODULES, API_BASES));
  app.all('/spa/*', (c) => sendError(c, new ApiError(404, 'notFound')));
  // Course media: session-checked and ranged. Only subtitles (text) over 1 KiB are compressed, and
  // never in a ranged (206) answer; video, images, playlists and documents go out as they are.
  app.route('/', adminDashboardRoutes(services.settings.adminDashboardUrl));
  app.route('/', uploadFileRoutes(services));
  app.route('/', mediaRoutes(services));
  app.route('/', appPages(services.settings.distDir, sessionConsentReader(services)));
  app.notFound((c) => c.text('Not found', 404));

  app.onError((error, c) => {
    if (error instanceof ApiError) return sendError(c, error);
    const known = error instanceof HTTPException ? STATUS_MESSAGES[error.status] : undefined;
    if (error instanceof HTTPException && known) {
      return sendError(c, new ApiError(error.status as ApiError['status'], known));
    }
    // A client that closed the connection mid-body (an upload cut off) is no failure of the server:
    // nobody is there to answer, and the route has already undone what it had started.
    if (clientLeft(c.req.raw, error)) {
      services.log.info(`${c.req.method} ${c.req.path}: the client left before its body arrived`);
      return sendError(c, new ApiError(400, 'bodyCutOff'));
    }
    // Unexpected: the details go to the log, the client gets a generic answer without a stack.
    services.log.error(`${c.req.method} ${c.req.path} failed`, error);
    return sendError(c, new ApiError(500, 'serverError'));
  });
  return app;
}

/**
 * Whether a request failed because its client went away: the request's signal says so once the
 * connection closed, and reading the body fails first with Node's own "aborted" (code ECONNRESET),
 * which no database or file error carries with that message.
 */
function clientLeft(request: Request, error: Error): boolean {
  return (
    request.signal.aborted ||
    (error.message === 'aborted' && (error as NodeJS.ErrnoException).code === 'ECONNRESET')
  );
}

export interface ServerOptions {
  /** 0 picks a free port (tests). Default 8080. */
  port?: number;
  host?: string;
  database: DatabaseOptions;
  smtpUrl?: string;
  publicUrl?: string;
  /** A brand id forced for every host. */
  brand?: string;
  /** Where `npm run build` put the app; default `dist/` of the project. */
  distDir?: string;
  /** Where imported media lives (MEDIA_DIR); default `.data/media`, or a fresh temporary folder for an in-memory database. */
  mediaDir?: string;
  /** Lower Argon2id cost for tests; production keeps the library defaults. */
  argon2?: PasswordCost;
  /** Seed the demo data into an empty database (default true). */
  seed?: boolean;
  keepAliveMs?: number;
  /**
   * How long a request may take to arrive whole, headers and body, before it is answered 408: Node's
   * five minutes by default (an image upload over a slow link takes minutes); tests shorten it.
   */
  requestTimeoutMs?: number;
  /** Social sign-in providers (server/modules/social-auth/config.ts); none when absent. */
  social?: SocialConfig;
  /** Tag manager and pixel ids per brand (server/infra/brand-tags.ts); the brand files' when absent. */
  brandTags?: DeployedTags;
  /** The admin side's sign-in address (http or https), where GET /admin/login sends an admin on. */
  adminDashboardUrl?: string;
  log?: Logger;
  /** Where the VAPID key pair is kept (made on the first start); absent: fresh keys per process. */
  vapidFile?: string;
  /** The VAPID contact (`mailto:` or `https:`); default a mailto of this host. */
  pushSubject?: string;
  /** Push services besides the browsers' (infra/push-services.ts); none when absent. */
  pushServices?: PushServices;
  /** The reminder scheduler: tick interval (default 30 s, 0 for none), clock, and a hook handing it out. */
  reminders?: { tickMs?: number; now?: () => Date; started?: (scheduler: ReminderScheduler) => void };
}

export interface RunningServer {
  url: string;
  port: number;
  db: Db;
  databaseLabel: string;
  mailMode: string;
  /** Resolves once the mail queued by earlier answers has gone out (its outbox rows are final). */
  mailSettled(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));
const DEFAULT_MEDIA_DIR = '.data/media';

/** An in-memory database forgets its rows on exit, so its media must not outlive it in a shared folder. */
async function defaultMediaDir(database: DatabaseOptions): Promise<string> {
  if (database.kind === 'pglite' && !database.dataDir) return mkdtemp(join(tmpdir(), 'media-'));
  return DEFAULT_MEDIA_DIR;
}

/** How long a stopping server lets the requests under way finish before it cuts their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Stops listening and lets every request under way finish and be answered: one cut off may already
 * have committed its write, and its client, seeing no answer, would take a saved change for a lost
 * one. Connections between requests close at once (and each as its request ends); whatever still runs
 * after the grace period (a long download) is cut, so the process always stops.
 */
async function closeGracefully(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const closeIdle = setInterval(() => server.closeIdleConnections(), 50);
  const cut = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  server.closeIdleConnections();
  try {
    await closed;
  } finally {
    clearInterval(closeIdle);
    clearTimeout(cut);
  }
}

/** Opens the database (migrating and seeding it), then listens. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? consoleLogger;
  // The brand files are plain objects (the app bundle carries no schema): check them before serving.
  for (const brand of BRANDS) parseBrand(brand);
  const forcedBrand = options.brand ? brandById(options.brand) : undefined;
  if (options.brand && !forcedBrand) throw new Error(`BRAND ${options.brand} is not a known brand id`);

  const database = await openDatabase(options.database, log);
  const push = createPush(
    await loadVapidKeys(options.vapidFile),
    options.pushSubject ?? DEFAULT_PUSH_SUBJECT,
    log,
    options.pushServices,
  );
  const services = createServices(
    database.db,
    log,
    {
      publicUrl: options.publicUrl,
      forcedBrand,
      distDir: options.distDir ?? DEFAULT_DIST_DIR,
      mediaDir: options.mediaDir ?? (await defaultMediaDir(options.database)),
      keepAliveMs: options.keepAliveMs ?? KEEP_ALIVE_MS,
      social: options.social,
      brandTags: options.brandTags,
      adminDashboardUrl: options.adminDashboardUrl,
    },
    { smtpUrl: options.smtpUrl, argon2: options.argon2, push },
  );
  try {
    if (options.seed !== false)
      await seedDemoData(database.db, services.passwords, services.settings.mediaDir);
    await deleteUploadsOfDeletedAccounts(database.db, services.settings.mediaDir);
    await removeAbandonedUploads(services.settings.mediaDir);
  } catch (error) {
    await database.close();
    throw error;
  }

  const app = createApp(services);
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const server = createAdaptorServer({
    fetch: app.fetch,
    // Node looks for requests past their time at this interval: a shorter timeout is looked for sooner.
    serverOptions: { requestTimeout, connectionsCheckingInterval: Math.min(30_000, requestTimeout / 4) },
  }) as Server;
  answerUnreadableRequests(server);
  answerExpectContinue(server, Math.max(DEFAULT_BODY_LIMIT_BYTES, MAX_IMAGE_BYTES));
  const host = options.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 8080, host, () => resolve());
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const reminders = createReminderScheduler({
    db: database.db,
    push,
    log,
    tickMs: options.reminders?.tickMs ?? REMINDER_TICK_MS,
    now: options.reminders?.now,
  });
  options.reminders?.started?.(reminders);
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${port}`,
    port,
    db: database.db,
    databaseLabel: database.label,
    mailMode: services.mailer.mode,
    mailSettled: () => services.mailer.idle(),
    async close() {
      await reminders.stop();
      services.hub.closeAll();
      await closeGracefully(server);
      await services.mailer.idle();
      services.mailer.close();
      await database.close();
    },
  };
}
