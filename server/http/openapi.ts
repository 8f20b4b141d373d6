import {
  type ConversionConfig,
  type JsonSchema,
  type OverrideSchemaContext,
  toJsonSchema,
} from '@valibot/to-json-schema';
import * as v from 'valibot';
import { SESSION_COOKIE } from './auth';
import { type Access, type Answer, type ApiModule, type RouteDefinition, refusalsOf } from './route';

/**
 * The OpenAPI 3.1 document, generated from the route declarations (server/http/route.ts): their
 * valibot schemas become JSON Schema (2020-12, the dialect of OpenAPI 3.1). Nothing here is written
 * per route, so the document cannot miss a route or drift from what the server checks.
 */

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters: Parameter[];
  requestBody?: { required: boolean; description?: string; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
  /** Who may call (see `Access` in server/http/route.ts). */
  'x-access': Access;
  /** Answers rows that belong to the session's learner. */
  'x-learner-data': boolean;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

/**
 * Text bounds are counted in characters (server/http/fields.ts); JSON Schema's minLength and maxLength
 * count characters too, so they carry the bounds over unchanged.
 */
const CHARACTER_BOUNDS: Readonly<Record<string, 'minLength' | 'maxLength'>> = {
  min_code_points: 'minLength',
  max_code_points: 'maxLength',
};

/** Whether the object refuses to go without `key`: valibot runs an optional key's default through its schema. */
const refusesMissing = (key: string, entry: v.GenericSchema) =>
  !v.safeParse(v.object({ [key]: entry }), {}).success;

/**
 * A key whose schema is optional only so that a missing value gets the field's own message (not the
 * generic "required") is required all the same, and its default, which is refused, is no default.
 */
function requireRefusedMissingKeys({
  valibotSchema,
  jsonSchema,
}: OverrideSchemaContext): JsonSchema | undefined {
  if (!('entries' in valibotSchema) || !jsonSchema.properties) return undefined;
  const entries = valibotSchema.entries as Record<string, v.GenericSchema>;
  const declared = new Set(jsonSchema.required ?? []);
  const refused = Object.keys(entries).filter(
    (key) => !declared.has(key) && refusesMissing(key, entries[key] as v.GenericSchema),
  );
  if (refused.length === 0) return undefined;
  const properties = { ...jsonSchema.properties };
  for (const key of refused) {
    const { default: _refused, ...property } = properties[key] as JsonSchema;
    properties[key] = property;
  }
  const required = Object.keys(entries).filter((key) => declared.has(key) || refused.includes(key));
  return { ...jsonSchema, properties, required };
}

// Transforms and custom checks have no JSON Schema form: they are left out, the rest is kept.
const BASE_CONFIG: ConversionConfig = {
  target: 'draft-2020-12',
  errorMode: 'ignore',
  overrideAction: ({ valibotAction, jsonSchema }) => {
    const bound = CHARACTER_BOUNDS[valibotAction.type];
    if (!bound || !('requirement' in valibotAction) || typeof valibotAction.requirement !== 'number')
      return undefined;
    return { ...jsonSchema, [bound]: valibotAction.requirement };
  },
  overrideSchema: requireRefusedMissingKeys,
};

function jsonSchema(schema: v.GenericSchema, typeMode: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, { ...BASE_CONFIG, typeMode });
  return rest;
}

/** Path, query and header values arrive as text; they are documented as what they are checked to be (output). */
function parameters(schema: v.GenericSchema | undefined, place: Parameter['in']): Parameter[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'output');
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: place,
    required: place === 'path' || required.has(name),
    schema: property as JsonSchema,
  }));
}

const SECURITY: Record<Access, Record<string, string[]>[]> = {
  session: [{ bearer: [] }, { sessionCookie: [] }],
  // An empty requirement makes the credentials optional.
  'optional-session': [{}, { bearer: [] }, { sessionCookie: [] }],
  'stream-token': [{ sessionCookie: [] }, { bearer: [] }, { streamToken: [] }],
  none: [],
};

const PAGINATION_HEADERS = Object.fromEntries(
  ['current-page', 'page-count', 'per-page', 'total-count'].map((name) => [
    `x-pagination-${name}`,
    { schema: { type: 'integer' } },
  ]),
);

function successResponse(answer: Answer) {
  if (answer.kind === 'event-stream') {
    return {
      description: 'Server-sent events; comment lines keep the stream open.',
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    };
  }
  if (answer.kind === 'html') {
    return {
      description: 'A page that sends the browser on by itself (meta refresh)',
      content: { 'text/html': { schema: { type: 'string' } } },
    };
  }
  if (answer.kind === 'redirect') {
    return {
      description: 'Sends the browser on',
      headers: { Location: { description: 'Where to', schema: { type: 'string', format: 'uri' } } },
    };
  }
  const schema = jsonSchema(answer.schema, 'output');
  const wrapped = (data: JsonSchema): JsonSchema => ({
    type: 'object',
    properties: { success: { const: true }, data },
    required: ['success', 'data'],
  });
  if (answer.kind === 'json') return { description: 'OK', content: { 'application/json': { schema } } };
  if (answer.kind === 'page') {
    return {
      description: 'One page of the list',
      headers: PAGINATION_HEADERS,
      content: { 'application/json': { schema: wrapped({ type: 'array', items: schema }) } },
    };
  }
  return {
    description: answer.status === 201 ? 'Created' : 'OK',
    content: { 'application/json': { schema: wrapped(schema) } },
  };
}

/** The answer, and for a call that creates its row once (`createdOnceAnswer`) the answer of a repeat. */
function successResponses(answer: Answer): Record<number, unknown> {
  const first = successResponse(answer);
  if (answer.kind !== 'data' || answer.repeatStatus === undefined) return { [answer.status]: first };
  return {
    [answer.status]: first,
    [answer.repeatStatus]: { ...first, description: 'A repeat: the first answer again, nothing created' },
  };
}

const operationName = (method: string, path: string) =>
  method +
  path
    .split(/[/-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `By${part.slice(1)}` : part))
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * Read by every call before its route (server/http/request-context.ts), so declared on each: the
 * language of the answer's messages. Written out rather than referenced from the components, since
 * the reference page (server/http/reference-page.ts) reads each parameter as it stands.
 */
const LANGUAGE_PARAMETER: Parameter = {
  name: 'lang',
  in: 'query',
  required: false,
  schema: {
    type: 'string',
    description:
      "The language of the answer's messages (en, ru or es); it wins over Accept-Language, and one the brand does not offer gives the brand's default. Sent twice: 422.",
  },
};

/**
 * A route's own refusals, and those of what runs before every route: the 413 of the body limit of
 * every API path (server/http/body-limit.ts, whether or not the route reads a body) and the 422 of
 * `lang` sent twice (server/http/request-context.ts).
 */
const documentedRefusals = (route: RouteDefinition): number[] =>
  [...new Set([...refusalsOf(route), 413, 422])].sort((a, b) => a - b);

function operation(tag: string, route: RouteDefinition, baseLabel: string): Operation {
  return {
    operationId: `${operationName(route.method, route.path)}_${baseLabel}`,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [tag],
    security: SECURITY[route.access],
    parameters: [
      ...parameters(route.params, 'path'),
      ...parameters(route.query, 'query'),
      ...parameters(route.headers, 'header'),
      LANGUAGE_PARAMETER,
    ],
    ...(route.body
      ? {
          requestBody: {
            // An empty body counts as `{}`, so that missing fields are reported one by one.
            required: false,
            content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
          },
        }
      : {}),
    ...(route.upload
      ? {
          requestBody: {
            required: true,
            description: `The file's bytes as the body, at most ${route.upload.maxBytes} bytes; the content decides its type.`,
            content: Object.fromEntries(
              route.upload.mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
            ),
          },
        }
      : {}),
    responses: {
      ...successResponses(route.answer),
      ...Object.fromEntries(
        documentedRefusals(route).map((status) => [status, { $ref: `#/components/responses/${status}` }]),
      ),
    },
    'x-access': route.access,
    'x-learner-data': route.learnerData ?? false,
  };
}

/** `/user-course-streams/:id` in Hono's pattern is `/user-course-streams/{id}` in OpenAPI. */
export const openApiPath = (honoPath: string) => honoPath.replace(/:(\w+)/g, '{$1}');

const ErrorAnswer: JsonSchema = {
  type: 'object',
  properties: { success: { const: false }, message: { type: 'string' } },
  required: ['success', 'message'],
};
const FieldErrorAnswer: JsonSchema = {
  type: 'object',
  properties: {
    success: { const: false },
    message: { type: 'string' },
    errors: {
      description: 'Messages per field, in the language of the request.',
      type: 'object',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
  },
  required: ['success', 'message', 'errors'],
};

const answerRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

const refusal = (
  description: string,
  schema = answerRef('ErrorAnswer'),
  headers?: Record<string, unknown>,
) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema } },
});

const RESPONSES = {
  400: refusal('The body is not a JSON object sent as application/json'),
  401: refusal('No live session'),
  403: refusal(
    'Not allowed: not on this brand (e.g. registration closed), or not yet (e.g. "This day is not open yet"); the message says which',
  ),
  404: refusal('Not found (or not yours)'),
  409: refusal('Conflicts with what the learner already has'),
  413: refusal('The body is over the limit (64 KiB, or the upload limit of an upload route)'),
  415: refusal('The content is not of a type the route accepts, or comes under a Content-Encoding'),
  // A refusal of the call as a whole (e.g. "There is no freeze to cancel.") names no field.
  422: refusal(
    'Invalid fields (`errors` names them), a query parameter (such as `lang`) sent more than once or a body key named twice, or a request the call refuses as a whole (`message` alone)',
    { anyOf: [answerRef('FieldErrorAnswer'), answerRef('ErrorAnswer')] },
  ),
  429: refusal('Too many requests', answerRef('ErrorAnswer'), {
    'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
  }),
};

/** Routes outside the API bases, declared as they are (the media routes): their tag and their paths. */
export type RootPaths = { tag: OpenApiDocument['tags'][number]; paths: OpenApiDocument['paths'] };

export function openApiDocument(
  modules: readonly ApiModule[],
  bases: readonly string[],
  version: string,
  root?: RootPaths,
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const base of bases) {
    const baseLabel = base.split('/').filter(Boolean).pop() ?? base;
    for (const module of modules) {
      for (const route of module.routes) {
        const path = `${base}${openApiPath(route.path)}`;
        paths[path] = { ...paths[path], [route.method]: operation(module.tag, route, baseLabel) };
      }
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Learning platform API',
      version,
      description:
        `Every call answers under each base (${bases.join(', ')}). Answers are localized by the ` +
        '`lang` query or Accept-Language; the brand comes from X-App-Id or the host name.',
    },
    tags: [...modules.map((m) => ({ name: m.tag, description: m.description })), ...(root ? [root.tag] : [])],
    paths: { ...paths, ...root?.paths },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The token answered by sign-in or sign-up.' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        streamToken: { type: 'apiKey', in: 'query', name: 'token' },
      },
      schemas: { ErrorAnswer, FieldErrorAnswer },
      responses: RESPONSES,
    },
  };
}
