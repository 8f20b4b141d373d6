import { type Context, Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import type * as v from 'valibot';
import type { Services } from '../infra/container';
import { liveSessionOf } from '../infra/sessions';
import { hashToken } from '../infra/tokens';
import { requestToken } from './auth';
import type { AppEnv, Authenticated } from './context';
import { ApiError } from './errors';
import { nodeRequest } from './request-body';
import { check, readBody, readParams, readQuery, refuseCodedBody } from './validation';

/**
 * One declaration per API call: the same object registers the Hono route, validates its input and
 * describes it in the OpenAPI document (server/http/openapi.ts) and the route table.
 */

export type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * Who may call:
 * - `session`: a live session (bearer header or the session cookie), 401 otherwise;
 * - `optional-session`: a session is used when a valid one comes, any other request is anonymous;
 * - `stream-token`: the `token` query parameter, else the session cookie or bearer header, checked by
 *   the handler (EventSource sends no headers);
 * - `none`: open to everyone.
 */
export type Access = 'session' | 'optional-session' | 'stream-token' | 'none';

/** Refusals a route may answer besides those its declaration implies (see `refusalsOf`). */
export type RefusalStatus = 403 | 404 | 409 | 429;

/**
 * The success answer: `data` is `{ success: true, data }`, `page` adds the `x-pagination-*` headers.
 * `repeatStatus`: what a repeat of a call that created its row answers, with the first answer.
 */
export type Answer =
  | { kind: 'data'; status: 200 | 201; schema: v.GenericSchema; repeatStatus?: 200 }
  | { kind: 'page' | 'json'; status: 200 | 201; schema: v.GenericSchema }
  | { kind: 'event-stream'; status: 200 }
  | { kind: 'redirect'; status: 302 }
  | { kind: 'html'; status: 200 };

export const dataAnswer = (schema: v.GenericSchema, status: 200 | 201 = 200): Answer => ({
  kind: 'data',
  status,
  schema,
});
/**
 * 201 when the call creates its row; a repeat of it (the same Idempotency-Key, the same request within
 * the call's window) creates nothing and answers 200 with the first answer.
 */
export const createdOnceAnswer = (schema: v.GenericSchema): Answer => ({
  kind: 'data',
  status: 201,
  schema,
  repeatStatus: 200,
});
/** `schema` is one item of the listed page. */
export const pageAnswer = (schema: v.GenericSchema): Answer => ({ kind: 'page', status: 200, schema });
/** An answer whose whole body is `schema` (for the rare call that does not wrap it in `data`). */
export const jsonAnswer = (schema: v.GenericSchema): Answer => ({ kind: 'json', status: 200, schema });
export const eventStreamAnswer: Answer = { kind: 'event-stream', status: 200 };
/** The browser is sent on (`Location`): a redirect to an identity provider or back to the app. */
export const redirectAnswer: Answer = { kind: 'redirect', status: 302 };
/** A page the browser shows and that sends it on by itself (a meta refresh), where a redirect cannot. */
export const relayPageAnswer: Answer = { kind: 'html', status: 200 };

/**
 * The request headers a call reads: an object schema keyed by the header names as the call's
 * refusals spell them (e.g. `Idempotency-Key`), each value as text.
 */
export type HeadersSchema = v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>;

type Output<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;
type AuthOf<A extends Access> = A extends 'session'
  ? Authenticated
  : A extends 'optional-session'
    ? Authenticated | undefined
    : undefined;

export interface RouteInput<A extends Access, P, Q, B, R = undefined, H = undefined> {
  params: Output<P>;
  query: Output<Q>;
  body: Output<B>;
  headers: Output<H>;
  auth: AuthOf<A>;
  /** The row `readWithSession` read with the session; undefined for a route without one. */
  read: R;
}

/** The checked input, before the access check has given the session. */
export type CheckedInput<P, Q, B, H = undefined> = Pick<
  RouteInput<Access, P, Q, B, undefined, H>,
  'params' | 'query' | 'body' | 'headers'
>;

export interface RouteDefinition<
  A extends Access = Access,
  P extends v.GenericSchema | undefined = v.GenericSchema | undefined,
  Q extends v.GenericSchema | undefined = v.GenericSchema | undefined,
  B extends v.GenericSchema | undefined = v.GenericSchema | undefined,
  R extends Authenticated | undefined = Authenticated | undefined,
  H extends HeadersSchema | undefined = HeadersSchema | undefined,
> {
  method: Method;
  /** Hono pattern relative to the API base, e.g. `/user-course-streams/:id`. */
  path: string;
  summary: string;
  description?: string;
  access: A;
  /** Answers rows that belong to the session's learner (the access checks walk these). */
  learnerData?: boolean;
  /** Path parameters as strings in, e.g. `v.object({ id: idParam })`. */
  params?: P;
  /** Query parameters as strings in. */
  query?: Q;
  /** The JSON object body. */
  body?: B;
  /**
   * The body's schema for this caller, checked in place of `body`, where a form's rules depend on the
   * account (a field only some accounts must send) or on the server's set-up (the push services it
   * sends to): so that one answer still lists every wrong field. `body` stays what the document
   * states, and takes at least every body this one takes. Not with `readWithSession`, which reads its
   * input before the session is known.
   */
  bodyFor?: (auth: AuthOf<A>, services: Services) => B;
  /** Request headers the call reads, checked like the rest of the input and documented as parameters. */
  headers?: H;
  /**
   * A raw body the handler streams itself (an upload), instead of `body`: its accepted media types
   * and size limit, for the OpenAPI document and the 413/415 refusals.
   */
  upload?: { mediaTypes: readonly string[]; maxBytes: number };
  /**
   * Runs after the access check and before the input is checked (a route with `readWithSession`
   * reads its input first, but answers this refusal before the input's), e.g. "registration is closed".
   */
  precondition?: (c: Context<AppEnv>, services: Services) => void;
  /**
   * A `session` route's first read, made by a statement that looks the session up itself
   * (infra/sessions.ts, `sessionLookup`): one round trip instead of two, for the busiest calls. It
   * gets the checked input and the hash of the request's token, and answers the statement's row, which
   * the handler gets as `read` (no row, or no live session in it, answers 401).
   */
  readWithSession?: (
    input: CheckedInput<P, Q, B, H>,
    tokenHash: string,
    services: Services,
  ) => Promise<R | undefined>;
  answer: Answer;
  refusals?: readonly RefusalStatus[];
  /**
   * A GET that changes state because the contract makes it one (cancelling a freeze). HEAD must be
   * safe, and hono answers HEAD by running the GET handler, so a HEAD of it (a link checker's, a
   * prefetcher's) is refused with 405 instead of changing anything.
   */
  changesState?: true;
  handle(
    c: Context<AppEnv>,
    input: RouteInput<A, P, Q, B, R, H>,
    services: Services,
  ): Response | Promise<Response>;
}

/** Declares a route; the generic parameters are inferred so that `handle` sees typed input. */
export function route<
  A extends Access,
  P extends v.GenericSchema | undefined = undefined,
  Q extends v.GenericSchema | undefined = undefined,
  B extends v.GenericSchema | undefined = undefined,
  R extends Authenticated | undefined = undefined,
  H extends HeadersSchema | undefined = undefined,
>(definition: RouteDefinition<A, P, Q, B, R, H>): RouteDefinition {
  return definition as unknown as RouteDefinition;
}

/** One resource: its routes under one OpenAPI tag. */
export interface ApiModule {
  tag: string;
  description: string;
  routes: readonly RouteDefinition[];
}

/** Every refusal status a route can answer, derived from its declaration. */
export function refusalsOf(route: RouteDefinition): number[] {
  const statuses = new Set<number>(route.refusals ?? []);
  if (route.access === 'session' || route.access === 'stream-token') statuses.add(401);
  if (route.body) {
    statuses.add(400);
    statuses.add(413);
    // A body under a Content-Encoding (http/validation.ts).
    statuses.add(415);
  }
  if (route.upload) {
    statuses.add(413);
    statuses.add(415);
    // An empty body: the field error of `body`.
    statuses.add(422);
  }
  if (route.params || route.query || route.body || route.headers) statuses.add(422);
  return [...statuses].sort((a, b) => a - b);
}

/** The session behind the request's token as the route's access asks for it; 401 when one is required. */
async function authenticate(
  c: Context<AppEnv>,
  access: Access,
  services: Services,
): Promise<Authenticated | undefined> {
  if (access !== 'session' && access !== 'optional-session') return undefined;
  const auth = await services.sessions.authenticate(requestToken(c));
  if (!auth && access === 'session') throw new ApiError(401, 'unauthorized');
  return auth ?? undefined;
}

/** Any route's checked input: the parts its declaration has, undefined for the others. */
type AnyCheckedInput = CheckedInput<
  v.GenericSchema,
  v.GenericSchema,
  v.GenericSchema,
  HeadersSchema | undefined
>;

/**
 * The declared headers under their declared names (header names are matched in any case). A declared
 * header sent twice is refused as a parameter sent twice: Node joins the two into one value, which
 * would pass for a value of its own (an Idempotency-Key repeated by a proxy would name a new key).
 * The repeats are counted in Node's raw header list: its `headersDistinct` would build a list of
 * every header the request sent, for the one or two a call declares.
 */
function readHeaders(c: Context<AppEnv>, schema: HeadersSchema) {
  const raw = nodeRequest(c)?.rawHeaders ?? [];
  const sent = Object.keys(schema.entries).flatMap((name) => {
    const lowerName = name.toLowerCase();
    let times = 0;
    for (let at = 0; at < raw.length; at += 2) if (raw[at]?.toLowerCase() === lowerName) times += 1;
    if (times > 1) throw new ApiError(422, 'invalidFields', { [name]: [{ key: 'repeatedParameter' }] });
    const value = c.req.header(name);
    return value === undefined ? [] : [[name, value]];
  });
  return check(schema, Object.fromEntries(sent));
}

/** The route's input, each part checked against its schema (a refusal throws). */
async function readInput(
  c: Context<AppEnv>,
  route: RouteDefinition,
  services: Services,
  auth?: Authenticated,
): Promise<AnyCheckedInput> {
  // An upload's handler streams its body as it is: a coded one would be refused as no image at all.
  if (route.upload) refuseCodedBody(c);
  const body = route.bodyFor?.(auth, services) ?? route.body;
  return {
    params: route.params ? readParams(c, route.params) : undefined,
    query: route.query ? readQuery(c, route.query) : undefined,
    body: body ? await readBody(c, body) : undefined,
    headers: route.headers ? readHeaders(c, route.headers) : undefined,
  };
}

/**
 * A route with `readWithSession`: its statement needs the input, so the input is read first, but a
 * refusal of it waits for the session check, and the answers keep their order (401, 403, then 422).
 */
async function handleWithSessionRead(
  c: Context<AppEnv>,
  route: RouteDefinition,
  readWithSession: NonNullable<RouteDefinition['readWithSession']>,
  services: Services,
): Promise<Response> {
  let input: AnyCheckedInput;
  try {
    input = await readInput(c, route, services);
  } catch (refusal) {
    await authenticate(c, route.access, services);
    route.precondition?.(c, services);
    throw refusal;
  }
  const token = requestToken(c);
  const read = token ? await readWithSession(input, hashToken(token), services) : undefined;
  const auth = liveSessionOf(read);
  if (!auth) throw new ApiError(401, 'unauthorized');
  route.precondition?.(c, services);
  return route.handle(
    c,
    { ...input, auth, read } as RouteInput<Access, undefined, undefined, undefined>,
    services,
  );
}

/** Registers the modules' routes on one router (mounted under each API base). */
export function apiRouter(modules: readonly ApiModule[], services: Services): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  for (const route of modules.flatMap((m) => m.routes)) {
    const { readWithSession } = route;
    if (readWithSession && route.access !== 'session')
      throw new Error(`${route.path}: readWithSession reads a session, which only a session route has`);
    if (readWithSession && route.bodyFor)
      throw new Error(`${route.path}: readWithSession reads the body before bodyFor could know the session`);
    router.on([route.method.toUpperCase()], [route.path], async (c) => {
      if (route.changesState && c.req.method === 'HEAD')
        throw new ApiError(405, 'methodNotAllowed', undefined, { Allow: 'GET' });
      if (readWithSession) return handleWithSessionRead(c, route, readWithSession, services);
      // Access first, then the route's own precondition, then the input: 401 before 403 before 422.
      const auth = await authenticate(c, route.access, services);
      route.precondition?.(c, services);
      const input = { ...(await readInput(c, route, services, auth)), auth, read: undefined };
      // The cast is the one place where the declaration's schemas meet the handler's typed input.
      return route.handle(c, input as RouteInput<Access, undefined, undefined, undefined>, services);
    });
  }
  return router;
}

/** One API call as the route table lists it: what tests walk to cover every route without a list of their own. */
export interface ApiRoute {
  method: Method;
  /** Hono pattern including the base, e.g. `/spa/v2/user-course-streams/:id`. */
  path: string;
  base: string;
  module: string;
  summary: string;
  access: Access;
  learnerData: boolean;
  params?: v.GenericSchema;
  query?: v.GenericSchema;
  body?: v.GenericSchema;
  answer: Answer;
}

export function routeTable(modules: readonly ApiModule[], bases: readonly string[]): ApiRoute[] {
  return bases.flatMap((base) =>
    modules.flatMap((module) =>
      module.routes.map((route) => ({
        method: route.method,
        path: `${base}${route.path}`,
        base,
        module: module.tag,
        summary: route.summary,
        access: route.access,
        learnerData: route.learnerData ?? false,
        params: route.params,
        query: route.query,
        body: route.body,
        answer: route.answer,
      })),
    ),
  );
}

/**
 * Whether a path is that of a GET which changes state (`changesState`): its HEAD is refused, so a
 * 405 there does not offer HEAD as hono's list of a GET path's methods does.
 */
export function refusesHead(
  modules: readonly ApiModule[],
  bases: readonly string[],
): (path: string) => boolean {
  const router = new TrieRouter<true>();
  for (const base of bases)
    for (const route of modules.flatMap((module) => module.routes))
      if (route.changesState) router.add('GET', `${base}${route.path}`, true);
  return (path) => router.match('GET', path)[0].length > 0;
}
