import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient, openEvents } from './client';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let api: ApiClient;
let counter = 0;

beforeAll(async () => {
  // A short keep-alive interval so the comment line can be seen within a test.
  server = await startTestServer({ keepAliveMs: 200 });
  api = apiClient(server.api);
});
afterAll(() => server?.close());

const PASSWORD = 'first-password';

/** A fresh account with two signed-in sessions ("this device" and "the other device"). */
async function accountWithTwoSessions() {
  counter += 1;
  const email = `device-${counter}@example.com`;
  const created = await api.post('/auth/signup-by-email', {
    username: email,
    email,
    password: PASSWORD,
    password_repeat: PASSWORD,
  });
  expect(created.status).toBe(201);
  return { email, here: created.body.data.token as string, other: await api.login(email, PASSWORD) };
}

describe('GET /events', () => {
  it('refuses a missing, unknown or revoked token with 401 JSON', async () => {
    const missing = await fetch(`${server.api}/events`);
    expect(missing.status).toBe(401);
    expect((await missing.json()).success).toBe(false);
    expect((await openEvents(server.api, 'unknown-token')).status).toBe(401);
    const { here } = await accountWithTwoSessions();
    await api.post('/auth/logout', undefined, { token: here });
    expect((await openEvents(server.api, here)).status).toBe(401);
  });

  it('opens a text/event-stream that sends keep-alive comments', async () => {
    const { here } = await accountWithTwoSessions();
    const response = await fetch(`${server.api}/events?token=${here}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    await response.body?.cancel();
    const stream = await openEvents(server.api, here);
    await stream.waitFor(': keep-alive');
    stream.close();
  });
});

describe('revocation reaches the other sessions', () => {
  it('a password change revokes the other session and sends it logout', async () => {
    const { here, other, email } = await accountWithTwoSessions();
    const events = await openEvents(server.api, other);
    await events.waitFor(': connected');
    const changed = await api.post(
      '/user/update-password',
      { current_password: PASSWORD, password: 'second-password', password_repeat: 'second-password' },
      { token: here },
    );
    expect(changed.status).toBe(200);
    await events.waitFor('event: logout\ndata: {"reason":"new-sign-in"}\n\n');
    await events.ended;
    expect((await api.get('/user', { token: other })).status).toBe(401);
    // The acting session is replaced by the new token it got back.
    expect((await api.get('/user', { token: here })).status).toBe(401);
    expect((await api.get('/user', { token: changed.body.data.token })).status).toBe(200);
    await api.login(email, 'second-password');
  });

  it('account deletion revokes every session and sends logout to the others', async () => {
    const { here, other } = await accountWithTwoSessions();
    const events = await openEvents(server.api, other);
    const ownEvents = await openEvents(server.api, here);
    await events.waitFor(': connected');
    await ownEvents.waitFor(': connected');
    expect((await api.delete('/user', { token: here })).status).toBe(200);
    await events.waitFor('event: logout');
    await events.ended;
    // The deleting session's own stream just closes: it already knows.
    await ownEvents.ended;
    expect(ownEvents.received()).not.toContain('event: logout');
    expect((await api.get('/user', { token: other })).status).toBe(401);
    expect((await api.get('/user', { token: here })).status).toBe(401);
  });

  it('a plain logout closes only its own stream, without a logout event elsewhere', async () => {
    const { here, other } = await accountWithTwoSessions();
    const events = await openEvents(server.api, other);
    const ownEvents = await openEvents(server.api, here);
    await events.waitFor(': connected');
    await ownEvents.waitFor(': connected');
    await api.post('/auth/logout', undefined, { token: here });
    await ownEvents.ended;
    await events.waitFor(': keep-alive');
    expect(events.received()).not.toContain('event: logout');
    expect((await api.get('/user', { token: other })).status).toBe(200);
    events.close();
  });
});

it('never answered with a 500', () => {
  expect(server.errors).toEqual([]);
});
