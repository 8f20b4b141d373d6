import Ajv2020 from 'ajv/dist/2020';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASES, apiRouteTable, createApp } from '../../server/app';
import { MAX_INT4 } from '../../server/http/fields';
import { openApiPath } from '../../server/http/openapi';
import { createServices } from '../../server/infra/container';
import type { Account } from './client';
import { serverForFile, TEST_ARGON2 } from './harness';
import { createLearningFixture, type LearningFixture } from './learning-fixture';

const { server, api } = serverForFile();

const quietLog = { info: () => undefined, error: () => undefined };

/** The routes the real application answers, as Hono registered them (middleware and catch-alls left out). */
function answeredApiRoutes() {
  const app = createApp(
    createServices(
      server.db,
      quietLog,
      { distDir: 'dist', mediaDir: 'unused-media', keepAliveMs: 25_000 },
      { argon2: TEST_ARGON2 },
    ),
  );
  return (
    app.routes
      .filter((r) => r.method !== 'ALL' && !r.path.includes('*'))
      .filter((r) => API_BASES.some((base) => r.path.startsWith(`${base}/`)))
      .map((r) => `${r.method.toLowerCase()} ${r.path}`)
      // A route with middleware is listed once per handler.
      .filter((route, index, all) => all.indexOf(route) === index)
      .map((route) => {
        const [method = '', path = ''] = route.split(' ');
        return { method, path };
      })
  );
}

const namesOf = (parameters: { name: string }[]) => parameters.map((p) => p.name);

async function fetchDocument() {
  const response = await fetch(`${server.url}/spa/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return response.json();
}

describe('GET /spa/openapi.json', () => {
  it('is an OpenAPI 3.1 document with paths, components and security schemes', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toEqual(expect.any(String));
    expect(Object.keys(document.paths).length).toBeGreaterThan(0);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual([
      'bearer',
      'sessionCookie',
      'streamToken',
    ]);
    expect(document.components.securitySchemes.sessionCookie).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'auth_token',
    });
  });

  it('holds every API route the server answers, under both bases, and nothing else', async () => {
    const document = await fetchDocument();
    const answered = answeredApiRoutes();
    expect(answered.length).toBeGreaterThan(20);
    for (const base of API_BASES) expect(answered.some((r) => r.path === `${base}/user`)).toBe(true);
    const documented = Object.entries(document.paths)
      .filter(([path]) => !path.startsWith('/media/'))
      .flatMap(([path, item]) => Object.keys(item as object).map((method) => `${method} ${path}`));
    const expected = answered.map((r) => `${r.method} ${openApiPath(r.path)}`);
    expect(documented.sort()).toEqual(expected.sort());
  });

  it('documents the media routes outside the bases, and each answers as it says', async () => {
    const document = await fetchDocument();
    const media = Object.keys(document.paths).filter(
      (path) => !API_BASES.some((b) => path.startsWith(`${b}/`)),
    );
    expect(media.sort()).toEqual([
      '/media/files/{fileId}/{name}',
      '/media/uploads/{fileId}/{name}',
      '/media/videos/{fileId}/{path}',
    ]);
    expect(document.tags.map((tag: { name: string }) => tag.name)).toContain('media');
    for (const path of media) {
      const get = document.paths[path].get;
      expect(Object.keys(document.paths[path]), path).toEqual(['get']);
      expect(get.tags, path).toEqual(['media']);
      expect(get.security, path).toEqual([{ bearer: [] }, { sessionCookie: [] }]);
      expect(namesOf(get.parameters).slice(0, 3), path).toEqual([
        'fileId',
        path.split('/').pop()?.slice(1, -1),
        'Range',
      ]);
      expect(Object.keys(get.responses).sort(), path).toEqual([
        '200',
        '206',
        '304',
        '401',
        '404',
        '405',
        '412',
        '416',
      ]);
      // Declared as the server reads it: an id without a leading zero, then a 401 without a session.
      const idPattern = new RegExp(get.parameters[0].schema.pattern);
      expect(
        ['7', '2147483647'].every((id) => idPattern.test(id)),
        path,
      ).toBe(true);
      expect(
        ['0', '07', 'x'].some((id) => idPattern.test(id)),
        path,
      ).toBe(false);
      const url = path.replace('{fileId}', '7').replace(/\{(path|name)\}/, '256.webp');
      expect((await fetch(`${server.url}${url}`)).status, url).toBe(401);
      expect((await fetch(`${server.url}${url}`, { method: 'DELETE' })).status, url).toBe(405);
      // This host's brand speaks Russian first: English comes only when asked for.
      const refused = await fetch(`${server.url}${url}?lang=en`);
      expect((await refused.json()).message, url).toBe('Your session has ended. Please sign in again.');
    }
    const upload = document.paths['/media/uploads/{fileId}/{name}'].get;
    expect(upload.parameters[1].schema.enum).toEqual(['64.webp', '256.webp', '512.webp']);
  });

  it('describes each call: summary, tag, security, parameters, body and answers', async () => {
    const document = await fetchDocument();
    const ops = Object.entries(document.paths)
      .filter(([path]) => !path.startsWith('/media/'))
      .flatMap(([, item]) => Object.values(item as object));
    for (const op of ops) {
      expect(op.summary, op.operationId).toEqual(expect.any(String));
      expect(op.tags).toHaveLength(1);
      expect(
        // A success is an answer (2xx) or, for the social sign-in redirects, a 302.
        Object.keys(op.responses).some((status) => status.startsWith('2') || status === '302'),
        op.operationId,
      ).toBe(true);
      // Every call refuses `lang` sent twice, whether or not it reads anything else.
      expect(Object.keys(op.responses), op.operationId).toContain('422');
    }
    const config = document.paths['/spa/api/v1/external-application-config'].get;
    expect(namesOf(config.parameters)).toEqual(['lang']);
    expect(config.responses['422']).toEqual({ $ref: '#/components/responses/422' });
    const stream = document.paths['/spa/v2/user-course-streams/{id}'].get;
    expect(stream.security).toEqual([{ bearer: [] }, { sessionCookie: [] }]);
    expect(stream.parameters[0]).toEqual({
      name: 'id',
      in: 'path',
      required: true,
      schema: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 2_147_483_647 }),
    });
    expect(namesOf(stream.parameters)).toEqual(['id', 'lang']);
    expect(Object.keys(stream.responses).sort()).toEqual(['200', '401', '404', '413', '422']);
    expect(stream['x-learner-data']).toBe(true);

    const login = document.paths['/spa/api/v1/auth/login'].post;
    expect(login.security).toEqual([]);
    expect(login.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['email', 'password'],
    });
    expect(Object.keys(login.responses).sort()).toEqual(['200', '400', '413', '415', '422', '429']);
    expect(document.components.responses['429'].headers).toHaveProperty('Retry-After');

    // Text bounds are characters on both sides: the server counts code points, as JSON Schema does.
    const profile = document.paths['/spa/api/v1/user'].post.requestBody.content['application/json'].schema;
    expect(profile.properties.name).toEqual({ type: 'string', minLength: 1, maxLength: 64 });
    expect(profile.properties.city.anyOf).toContainEqual({ type: 'string', maxLength: 100 });

    const list = document.paths['/spa/api/v1/user-score'].get;
    expect(namesOf(list.parameters)).toEqual(['page', 'per-page', 'lang']);
    expect(list.responses['200'].headers).toHaveProperty('x-pagination-total-count');
  });

  it('lists the 200 of a repeat beside the 201 of a call that creates once, and the 422 of an empty upload', async () => {
    const document = await fetchDocument();
    for (const path of ['/spa/api/v1/save-lesson-stat', '/spa/api/v1/tech-questions/auto']) {
      const { responses } = document.paths[path].post;
      expect(
        Object.keys(responses).filter((status) => status.startsWith('2')),
        path,
      ).toEqual(['200', '201']);
      expect(responses['200'].content, path).toEqual(responses['201'].content);
      expect(responses['200'].description, path).toMatch(/repeat/i);
    }
    // A call that always creates lists its 201 alone.
    const question = document.paths['/spa/api/v1/tech-questions'].post;
    expect(Object.keys(question.responses).filter((status) => status.startsWith('2'))).toEqual(['201']);
    const upload = document.paths['/spa/api/v1/media/upload'].post;
    expect(Object.keys(upload.responses).sort()).toEqual(['201', '401', '413', '415', '422']);
  });

  it('agrees with the exported route table', async () => {
    const document = await fetchDocument();
    const table = apiRouteTable();
    expect(table.length).toBe(answeredApiRoutes().length);
    for (const route of table) {
      const op = document.paths[openApiPath(route.path)]?.[route.method];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op['x-access']).toBe(route.access);
      expect(op['x-learner-data']).toBe(route.learnerData);
    }
  });
});

/** A JSON pointer into the document, each part escaped (`~`, `/`) and fit for a URI fragment (`{id}`). */
const pointer = (...parts: string[]) =>
  `#/${parts.map((part) => encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`;

/**
 * Checks values against the schemas of the served document, as a client generated from it would.
 * Formats are left to the structural checks: a client may or may not validate them.
 */
function documentValidator(document: object) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema(document, 'openapi');
  return (at: string, value: unknown) => {
    const validate = ajv.compile({ $ref: `openapi${at}` });
    return validate(value);
  };
}

/** Where the JSON schema of an operation's answer with `status` is, following a shared response. */
function answerSchemaAt(document: OpenApi, path: string, method: string, status: string): string {
  const response = document.paths[path]?.[method]?.responses[status];
  const responseAt = response?.$ref ?? pointer('paths', path, method, 'responses', status);
  return `${responseAt}${pointer('content', 'application/json', 'schema').slice(1)}`;
}

// biome-ignore lint/suspicious/noExplicitAny: the document is read as the JSON it is served as.
type OpenApi = { paths: Record<string, Record<string, any>>; components: Record<string, any> };

describe('the document agrees with what the server answers', () => {
  let learner: Account;
  let course: LearningFixture;
  let demo: LearningFixture;
  beforeAll(async () => {
    learner = await api.signUp('openapi-learner');
    course = await createLearningFixture(server.db, { userId: learner.id, label: 'Document' });
    demo = await createLearningFixture(server.db, {
      userId: learner.id,
      label: 'Document demo',
      isDemo: true,
    });
  });
  const as = () => ({ token: learner.token });
  /** A statistic the server counts: the first lesson of the course's first day. */
  const stat = () => ({
    stage_day_id: course.days[0].id,
    user_course_stream_id: course.streamId,
    stage_day_lesson_set_lesson_id: course.days[0].lessonSetLessonIds[0],
    viewed_seconds: 1,
    play_count: 0,
  });

  it('holds a 422 without field errors to its 422 schema, as the freeze calls answer it', async () => {
    const document: OpenApi = await fetchDocument();
    const valid = documentValidator(document);
    const stream = '/spa/api/v1/user-course-streams/{id}';
    const dates = { start_date: '2099-01-02', end_date: '2099-01-03' };
    const answers = [
      [
        'post',
        'freeze/create',
        await api.post(`/user-course-streams/${demo.streamId}/freeze/create`, dates, as()),
      ],
      ['get', 'freeze/cancel', await api.get(`/user-course-streams/${course.streamId}/freeze/cancel`, as())],
      // The field errors of the same call fit the same schema.
      [
        'post',
        'freeze/create',
        await api.post(`/user-course-streams/${course.streamId}/freeze/create`, {}, as()),
      ],
    ] as const;
    expect(answers.map(([, , answer]) => [answer.status, answer.body.message])).toEqual([
      [422, 'A demo course cannot be frozen.'],
      [422, 'There is no freeze to cancel.'],
      [422, 'Please check the highlighted fields.'],
    ]);
    expect(answers[0][2].body).not.toHaveProperty('errors');
    for (const [method, call, answer] of answers) {
      const at = answerSchemaAt(document, `${stream}/${call}`, method, '422');
      expect(valid(at, answer.body), `${method} ${call}: ${JSON.stringify(answer.body)}`).toBe(true);
    }
  });

  it("requires save-lesson-stat's three ids, as whole numbers 1..2147483647 or their digits", async () => {
    const document: OpenApi = await fetchDocument();
    const path = '/spa/api/v1/save-lesson-stat';
    const body = document.paths[path]?.post.requestBody.content['application/json'].schema;
    const ids = ['stage_day_id', 'user_course_stream_id', 'stage_day_lesson_set_lesson_id'];
    expect(body.required).toEqual(expect.arrayContaining(ids));
    for (const id of ids) {
      expect(body.properties[id], id).not.toHaveProperty('default');
      expect(body.properties[id].anyOf, id).toEqual([
        { type: 'integer', minimum: 1, maximum: MAX_INT4 },
        { type: 'string', pattern: '^[1-9]\\d{0,9}$' },
      ]);
    }

    // The document refuses exactly the values the server refuses (a string's value bound aside).
    const valid = documentValidator(document);
    const bodyAt = pointer('paths', path, 'post', 'requestBody', 'content', 'application/json', 'schema');
    for (const value of [
      undefined,
      null,
      0,
      1.5,
      MAX_INT4 + 1,
      '-3',
      'x',
      '0',
      '07',
      true,
      MAX_INT4,
      '7',
      7,
    ]) {
      const sent = { ...stat(), stage_day_id: value };
      const answer = await api.post('/save-lesson-stat', sent, as());
      const refused = answer.status === 422 && 'stage_day_id' in (answer.body.errors ?? {});
      expect(valid(bodyAt, sent), `stage_day_id ${JSON.stringify(value)}`).toBe(!refused);
    }
  });

  it('declares the Idempotency-Key header save-lesson-stat reads, with the rule the server applies', async () => {
    const document: OpenApi = await fetchDocument();
    const operation = document.paths['/spa/v2/save-lesson-stat']?.post;
    const header = operation.parameters.find((p: { in: string }) => p.in === 'header');
    expect(header).toEqual({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', pattern: expect.any(String) },
    });
    const pattern = new RegExp(header.schema.pattern);
    for (const key of ['k'.repeat(200), 'k'.repeat(201), 'a key', 'k\u00e9y']) {
      const answer = await api.post('/save-lesson-stat', stat(), {
        ...as(),
        headers: { 'Idempotency-Key': key },
      });
      const refused = answer.status === 422 && 'Idempotency-Key' in (answer.body.errors ?? {});
      expect(pattern.test(key), key).toBe(!refused);
    }
  });

  it('documents the id of the filters call as every other stream id, as the server checks it', async () => {
    const document: OpenApi = await fetchDocument();
    const idOf = (path: string, method: string) =>
      document.paths[`/spa/api/v1/user-course-streams/{id}${path}`]?.[method].parameters[0];
    const filters = idOf('/filters', 'post');
    for (const [path, method] of [
      ['', 'get'],
      ['/status', 'get'],
      ['/freeze/create', 'post'],
      ['/freeze/cancel', 'get'],
    ] as const) {
      expect(filters, `${method} ${path}`).toEqual(idOf(path, method));
    }
    expect(filters.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: MAX_INT4 });
    for (const id of ['0', '9999999999']) {
      const answer = await api.post(`/user-course-streams/${id}/filters`, { filters: {} }, as());
      expect(answer.status, id).toBe(422);
      expect(answer.body.errors, id).toEqual({ id: ['streamId must be set'] });
    }
  });

  it('gives the dates of a freeze as calendar days', async () => {
    const document: OpenApi = await fetchDocument();
    const body =
      document.paths['/spa/api/v1/user-course-streams/{id}/freeze/create']?.post.requestBody.content[
        'application/json'
      ].schema;
    for (const field of ['start_date', 'end_date']) {
      expect(body.properties[field], field).toMatchObject({ type: 'string', format: 'date' });
    }
  });

  it('lists the refusals every call can give and the lang parameter every call reads', async () => {
    const document: OpenApi = await fetchDocument();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        // The body limit of every API path answers before any route (the media routes take no body).
        if (!path.startsWith('/media/'))
          expect(Object.keys(operation.responses), `${method} ${path}`).toContain('413');
        expect(operation.parameters, `${method} ${path}`).toContainEqual(
          expect.objectContaining({ name: 'lang', in: 'query', required: false }),
        );
      }
    }
    // Even a call that reads no body (day start) answers one over the limit with 413.
    const dayStart = `/user-course-streams/${course.streamId}/user-day-status/${course.days[0].id}/start`;
    const tooLarge = await api.call('POST', dayStart, { ...as(), raw: 'x'.repeat(65 * 1024) });
    expect(tooLarge.status).toBe(413);
    // 403 is also the answer of a day that is not open yet, not only of what the brand does not offer.
    expect(document.components.responses['403'].description).toMatch(/not open yet/);
  });
});

describe('GET /spa/docs', () => {
  it('is an HTML reference of every call that loads nothing from elsewhere', async () => {
    const response = await fetch(`${server.url}/spa/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toContain('script-src');
    expect(html).not.toMatch(/<script|https?:\/\//);
    const nonce = /style-src 'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<style nonce="${nonce}">`);
    for (const route of apiRouteTable().filter((r) => r.base === API_BASES[0])) {
      const path = openApiPath(route.path.slice(route.base.length));
      expect(html, path).toContain(`${route.method.toUpperCase()}</span> <code>${path}</code>`);
    }
    // The media routes, outside the bases, with their whole paths.
    expect(html).toContain('GET</span> <code>/media/videos/{fileId}/{path}</code>');
    expect(html).toContain('GET</span> <code>/media/uploads/{fileId}/{name}</code>');
  });
});
