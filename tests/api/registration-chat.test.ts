import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { serverForFile } from './harness';

/** The server's side of the registration chat (docs/REGISTRATION_CHAT.md). */
const { server, api } = serverForFile();

const statusOf = async (id: number) => {
  const [found] = await server.db.select({ status: users.status }).from(users).where(eq(users.id, id));
  return found?.status;
};

/** A sign-up as the chat makes it: a password the learner never sees, and the step to continue at. */
async function chatSignUp(label: string, status: unknown) {
  const email = `${label}@example.com`;
  const password = `${label}-unseen-password`;
  return api.post('/auth/signup-by-email', {
    username: email,
    email,
    password,
    password_repeat: password,
    timezone: 'Europe/Madrid',
    status,
  });
}

describe('sign-up at a chat step', () => {
  it('makes the account at the status sent', async () => {
    for (const status of [20, 30, 40, 10]) {
      const result = await chatSignUp(`chat-start-${status}`, status);
      expect(result.status).toBe(201);
      expect(result.body.data.user.status).toBe(status);
      expect(await statusOf(result.body.data.user.id)).toBe(status);
    }
  });

  it('refuses any other status in the request language and makes no account', async () => {
    for (const status of [0, 15, 50, '20', null]) {
      const result = await chatSignUp(`chat-bad-${String(status)}`, status);
      expect(result.status).toBe(422);
      expect(result.body.errors.status).toEqual(['Unknown status.']);
    }
    const ru = await api.post('/auth/signup-by-email?lang=ru', {
      email: 'chat-bad-ru@example.com',
      password: 'a-good-password',
      password_repeat: 'a-good-password',
      status: 1,
    });
    expect(ru.body.errors.status).toEqual(['Неизвестный статус.']);
    const [anyone] = await server.db.select().from(users).where(eq(users.email, 'chat-bad-ru@example.com'));
    expect(anyone).toBeUndefined();
  });
});

describe('POST /user/update-user moves the chat forward only', () => {
  it('goes 20, 30, 40, then active, and may skip steps or repeat one', async () => {
    const signed = await chatSignUp('chat-forward', 20);
    const { token, user } = signed.body.data;
    for (const status of [30, 30, 40, 10, 10]) {
      const moved = await api.post('/user/update-user', { status }, { token });
      expect(moved.status).toBe(200);
      expect(moved.body.data.status).toBe(status);
    }
    expect(await statusOf(user.id)).toBe(10);
    const skipper = (await chatSignUp('chat-skipper', 20)).body.data;
    expect((await api.post('/user/update-user', { status: 10 }, { token: skipper.token })).status).toBe(200);
  });

  it('refuses a step back, and an active account going into the chat, changing nothing', async () => {
    const at40 = (await chatSignUp('chat-backwards', 40)).body.data;
    for (const status of [30, 20]) {
      const back = await api.post('/user/update-user?lang=es', { status }, { token: at40.token });
      expect(back.status).toBe(422);
      expect(back.body.errors.status).toEqual(['El registro no puede volver a un paso anterior.']);
    }
    expect(await statusOf(at40.user.id)).toBe(40);
    const active = await api.signUp('chat-active');
    const reopen = await api.post('/user/update-user', { status: 20 }, { token: active.token });
    expect(reopen.status).toBe(422);
    expect(reopen.body.errors.status).toEqual(['The registration cannot go back to an earlier step.']);
    expect(await statusOf(active.id)).toBe(10);
  });
});

describe('POST /user/update-password at the chat’s password step', () => {
  it('needs no current password at status 20, and answers a new session', async () => {
    const { token, user } = (await chatSignUp('chat-password', 20)).body.data;
    const changed = await api.post(
      '/user/update-password',
      { password: 'chosen-in-chat', password_repeat: 'chosen-in-chat' },
      { token },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data.token).not.toBe(token);
    expect(changed.body.data.user.id).toBe(user.id);
    await api.login('chat-password@example.com', 'chosen-in-chat');
  });

  it('needs the current password again once the chat is past that step', async () => {
    const { token } = (await chatSignUp('chat-password-later', 30)).body.data;
    const missing = await api.post(
      '/user/update-password',
      { password: 'chosen-in-chat', password_repeat: 'chosen-in-chat' },
      { token },
    );
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ current_password: ['This field is required.'] });
    await api.login('chat-password-later@example.com', 'chat-password-later-unseen-password');
  });
});
