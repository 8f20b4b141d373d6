import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox, passwordResets, users } from '../../server/db/schema';
import { apiClient, openEvents } from './client';
import { serverForFile, startTestServer } from './harness';

const { server, api } = serverForFile();

/** Brightpath (X-App-Id `web`, the client's default) is served on localhost, at the server's port. */
const brightpathOrigin = () => `http://localhost:${new URL(server.url).port}`;

function linkToken(text: string, origin: string): string {
  const escaped = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/v/reset\\?token=([A-Za-z0-9_-]{43})`).exec(text);
  if (!match?.[1]) throw new Error(`no reset link to ${origin} in: ${text}`);
  return match[1];
}

describe('password reset through mail', () => {
  it('mails a link, sets the new password, revokes every session and signs in', async () => {
    const { token: oldSession, password: forgotten } = await api.signUp('forgot');
    const events = await openEvents(server.api, oldSession);
    await events.waitFor(': connected');

    const request = await api.post('/auth/request-password-reset?lang=ru', { email: ' Forgot@Example.com ' });
    expect(request.status).toBe(200);
    expect(request.body).toEqual({ success: true, data: {} });

    const mail = await server.waitForMail('forgot@example.com');
    expect(mail.subject).toBe('Сброс пароля в Brightpath Academy');
    expect(mail.text).toContain('Откройте ссылку в течение часа');
    const token = linkToken(mail.text, brightpathOrigin());

    const [stored] = await server.db.select().from(passwordResets);
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.tokenHash).not.toBe(token);
    const expiresIn = (stored?.expiresAt.getTime() ?? 0) - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * 60 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60 * 1000);

    const reset = await api.post('/auth/reset-password', {
      token,
      password: 'remembered-password',
      password_repeat: 'remembered-password',
    });
    expect(reset.status).toBe(200);
    expect(reset.body.data.user.email).toBe('forgot@example.com');
    expect((await api.get('/user', { token: reset.body.data.token })).status).toBe(200);

    await events.waitFor('event: logout\ndata: {"reason":"new-sign-in"}');
    expect((await api.get('/user', { token: oldSession })).status).toBe(401);
    await api.login('forgot@example.com', 'remembered-password');
    expect((await api.post('/auth/login', { email: 'forgot@example.com', password: forgotten })).status).toBe(
      422,
    );

    // The link works once.
    const again = await api.post('/auth/reset-password', {
      token,
      password: 'third-password',
      password_repeat: 'third-password',
    });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ token: ['This link is invalid or has expired. Request a new one.'] });
  });

  it('voids a link mailed before the learner changed the password themselves', async () => {
    const account = await api.signUp('changed-mind');
    await api.post('/auth/request-password-reset', { email: account.email });
    const token = linkToken((await server.waitForMail(account.email)).text, brightpathOrigin());

    const change = await api.post(
      '/user/update-password',
      {
        current_password: account.password,
        password: 'changed-password',
        password_repeat: 'changed-password',
      },
      { token: account.token },
    );
    expect(change.status).toBe(200);

    const late = await api.post('/auth/reset-password', {
      token,
      password: 'takeover-password',
      password_repeat: 'takeover-password',
    });
    expect(late.status).toBe(422);
    expect(late.body.errors).toEqual({ token: ['This link is invalid or has expired. Request a new one.'] });
    await api.login(account.email, 'changed-password');
  });

  it('records every mail in the outbox with its sent time', async () => {
    await api.post('/auth/request-password-reset', { email: 'forgot@example.com' });
    await server.mailSettled();
    const rows = await server.db.select().from(outbox).where(eq(outbox.toAddress, 'forgot@example.com'));
    expect(rows.length).toBe(2);
    expect(rows.every((r) => r.sentAt !== null && r.error === null)).toBe(true);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = server.mails.length;
    const result = await api.post('/auth/request-password-reset', { email: 'stranger@example.com' });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ success: true, data: {} });
    await server.mailSettled();
    expect(server.mails.length).toBe(before);
    expect(await server.db.select().from(outbox).where(eq(outbox.toAddress, 'stranger@example.com'))).toEqual(
      [],
    );
  });

  it('refuses an expired or unknown token and bad passwords without changing the password', async () => {
    await api.signUp('slow');
    await api.post('/auth/request-password-reset?lang=es', { email: 'slow@example.com' });
    const mail = await server.waitForMail('slow@example.com');
    expect(mail.subject).toBe('Restablece tu contraseña en Brightpath Academy');
    const token = linkToken(mail.text, brightpathOrigin());
    const [user] = await server.db.select().from(users).where(eq(users.email, 'slow@example.com'));
    const hashBefore = user?.passwordHash;

    const mismatch = await api.post('/auth/reset-password', {
      token,
      password: 'new-password-1',
      password_repeat: 'new-password-2',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({ password_repeat: ['The new passwords do not match.'] });
    const unknown = await api.post('/auth/reset-password?lang=ru', {
      token: 'x'.repeat(43),
      password: 'new-password-1',
      password_repeat: 'new-password-1',
    });
    expect(unknown.body.errors).toEqual({ token: ['Ссылка недействительна или устарела. Запросите новую.'] });
    const missing = await api.post('/auth/reset-password', {});
    expect(Object.keys(missing.body.errors).sort()).toEqual(['password', 'password_repeat', 'token']);

    await server.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await api.post('/auth/reset-password', {
      token,
      password: 'new-password-1',
      password_repeat: 'new-password-1',
    });
    expect(expired.status).toBe(422);
    expect(expired.body.errors.token).toEqual(['This link is invalid or has expired. Request a new one.']);

    const [after] = await server.db.select().from(users).where(eq(users.email, 'slow@example.com'));
    expect(after?.passwordHash).toBe(hashBefore);
  });

  it('refuses an invalid address with 422 and limits requests with 429', async () => {
    const invalid = await api.post('/auth/request-password-reset', { email: 'not an address' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors.email).toEqual(['Enter a valid e-mail address.']);
    for (let i = 0; i < 5; i++) {
      expect((await api.post('/auth/request-password-reset', { email: 'flood@example.com' })).status).toBe(
        200,
      );
    }
    const limited = await api.post('/auth/request-password-reset?lang=ru', { email: 'flood@example.com' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.message).toContain('Слишком много попыток');
  });
});

describe('a deleted account', () => {
  it('gets no reset mail and its earlier links die; its address signs up anew and resets only the new account', async () => {
    const leaver = await api.signUp('reset-leaver');
    await api.post('/auth/request-password-reset', { email: leaver.email });
    const earlier = linkToken((await server.waitForMail(leaver.email)).text, brightpathOrigin());
    expect((await api.delete('/user', { token: leaver.token })).status).toBe(200);
    const [deleted] = await server.db.select().from(users).where(eq(users.id, leaver.id));
    const newPassword = { password: 'taken-over-password', password_repeat: 'taken-over-password' };

    const mailsBefore = server.mails.length;
    const request = await api.post('/auth/request-password-reset', { email: leaver.email });
    expect(request.body).toEqual({ success: true, data: {} });
    await server.mailSettled();
    expect(server.mails.length).toBe(mailsBefore);
    const viaEarlier = await api.post('/auth/reset-password', { token: earlier, ...newPassword });
    expect(viaEarlier.status).toBe(422);
    expect(viaEarlier.body.errors).toEqual({
      token: ['This link is invalid or has expired. Request a new one.'],
    });

    const returner = await api.signUp('reset-leaver');
    await api.post('/auth/request-password-reset', { email: leaver.email });
    await server.mailSettled();
    const mails = server.mails.filter((mail) => mail.to === leaver.email);
    expect(mails).toHaveLength(2);
    const reset = await api.post('/auth/reset-password', {
      token: linkToken(mails[1]?.text ?? '', brightpathOrigin()),
      ...newPassword,
    });
    expect(reset.body.data.user.id).toBe(returner.id);
    const [deletedAfter] = await server.db.select().from(users).where(eq(users.id, leaver.id));
    expect(deletedAfter).toEqual(deleted);
  });
});

describe('without SMTP', () => {
  it('keeps the mail in the outbox and logs its text, so the link can be read while the server runs', async () => {
    const local = await startTestServer({ smtpUrl: undefined });
    try {
      const result = await apiClient(local.api).post('/auth/request-password-reset', {
        email: 'learner@example.com',
      });
      expect(result.status).toBe(200);
      const [row] = await local.db.select().from(outbox);
      expect(row?.text).toMatch(/\/v\/reset\?token=\w+/);
      const [link] = /\S+\/v\/reset\?token=\w+/.exec(row?.text ?? '') ?? [];
      expect(local.notes.find((line) => line.startsWith('mail to learner@example.com'))).toContain(link);
    } finally {
      await local.close();
    }
  });
});

describe('an SMTP failure', () => {
  it('is recorded on the outbox row and does not fail the request', async () => {
    // Port 9 (discard) is closed on loopback, so delivery fails.
    const broken = await startTestServer({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const result = await apiClient(broken.api).post('/auth/request-password-reset', {
        email: 'learner@example.com',
      });
      expect(result.status).toBe(200);
      const deadline = Date.now() + 5000;
      let row = (await broken.db.select().from(outbox))[0];
      while (!row?.error && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        row = (await broken.db.select().from(outbox))[0];
      }
      expect(row?.error).toMatch(/ECONNREFUSED/);
      expect(row?.sentAt).toBeNull();
      expect(broken.errors.join('\n')).toContain('not sent');
    } finally {
      await broken.close();
    }
  });
});

/**
 * A reset request as any client can send it, which fetch cannot: the Host header, and the request
 * line (`path` may be an absolute URL), written by the sender.
 */
function rawResetRequest(
  email: string,
  headers: Record<string, string>,
  path = '/spa/api/v1/auth/request-password-reset',
) {
  const body = JSON.stringify({ email });
  return new Promise<number>((resolve, reject) => {
    const sent = httpRequest(
      {
        host: '127.0.0.1',
        port: new URL(server.url).port,
        method: 'POST',
        path,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

describe('the link in the reset mail', () => {
  const port = () => new URL(server.url).port;

  it.each([
    ['a Host of another site', 'host-evil', { Host: 'evil.example', 'X-App-Id': 'web' }, undefined],
    [
      'an absolute request line naming another site',
      'host-absolute',
      { Host: 'evil.example', 'X-App-Id': 'web' },
      'http://evil.example/spa/api/v1/auth/request-password-reset',
    ],
    [
      "the brand's own host at another port",
      'host-port',
      { Host: 'localhost:1', 'X-App-Id': 'web' },
      undefined,
    ],
  ])(
    'leads to the brand’s own host at the server’s port, whatever %s says',
    async (_label, label, headers, path) => {
      const { email } = await api.signUp(label);
      expect(await rawResetRequest(email, headers, path)).toBe(200);
      const mail = await server.waitForMail(email);
      expect(linkToken(mail.text, brightpathOrigin())).toHaveLength(43);
      expect(mail.text).not.toContain('evil.example');
      expect(mail.text).not.toContain('localhost:1/');
    },
  );

  it("keeps a host the request's brand is served on, and never takes another brand's", async () => {
    const kiteOrigin = `http://127.0.0.1:${port()}`;
    const onKite = await api.signUp('host-kite');
    expect(await rawResetRequest(onKite.email, { Host: `127.0.0.1:${port()}`, 'X-App-Id': 'kite-web' })).toBe(
      200,
    );
    expect(linkToken((await server.waitForMail(onKite.email)).text, kiteOrigin)).toHaveLength(43);

    // localhost is Brightpath's: a Kite request naming it gets Kite's own host.
    const crossed = await api.signUp('host-crossed');
    expect(
      await rawResetRequest(crossed.email, { Host: `localhost:${port()}`, 'X-App-Id': 'kite-web' }),
    ).toBe(200);
    expect(linkToken((await server.waitForMail(crossed.email)).text, kiteOrigin)).toHaveLength(43);
  });
});

describe('PUBLIC_URL', () => {
  it('is the origin of mailed links when set', async () => {
    const other = await startTestServer({ publicUrl: 'https://learn.example.org/' });
    try {
      const client = apiClient(other.api);
      await client.post('/auth/request-password-reset', { email: 'learner@example.com' });
      const mail = await other.waitForMail('learner@example.com');
      expect(mail.subject).toBe('Reset your password at Brightpath Academy');
      expect(linkToken(mail.text, 'https://learn.example.org')).toHaveLength(43);
    } finally {
      await other.close();
    }
  });
});

it('never answered with a 500', () => {
  expect(server.errors).toEqual([]);
});
