import { describe, expect, it } from 'vitest';
import { API_BASES, apiRouteTable, createApp } from '../../server/app';
import { openApiPath } from '../../server/http/openapi';
import { createServices } from '../../server/infra/container';
import { serverForFile, TEST_ARGON2 } from './harness';

const { server } = serverForFile();

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
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item as object).map((method) => `${method} ${path}`),
    );
    const expected = answered.map((r) => `${r.method} ${openApiPath(r.path)}`);
    expect(documented.sort()).toEqual(expected.sort());
  });

  it('describes each call: summary, tag, security, parameters, body and answers', async () => {
    const document = await fetchDocument();
    const ops = Object.values(document.paths).flatMap((item) => Object.values(item as object));
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
    expect(config.parameters).toEqual([]);
    expect(config.responses['422']).toEqual({ $ref: '#/components/responses/422' });
    const stream = document.paths['/spa/v2/user-course-streams/{id}'].get;
    expect(stream.security).toEqual([{ bearer: [] }, { sessionCookie: [] }]);
    expect(stream.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 2_147_483_647 }),
      },
    ]);
    expect(Object.keys(stream.responses).sort()).toEqual(['200', '401', '404', '422']);
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
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(['page', 'per-page']);
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
  });
});
