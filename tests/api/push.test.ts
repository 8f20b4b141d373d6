import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, reminderDeliveries, sessions, users } from '../../server/db/schema';
import { createPush } from '../../server/infra/push';
import {
  createReminderScheduler,
  dueSlots,
  LOOKBACK_MINUTES,
  localSlot,
  type ReminderScheduler,
} from '../../server/infra/scheduler';
import { hashToken } from '../../server/infra/tokens';
import { type LocalPushService, type LocalSubscription, startLocalPushService } from '../push-service';
import type { Account } from './client';
import { serverForFile } from './harness';

// The scheduler runs no timer here: each test sets the clock and ticks.
let clock = new Date('2026-11-23T00:00:00Z');
let scheduler: ReminderScheduler | undefined;
const { server, api } = serverForFile({
  reminders: { tickMs: 0, now: () => clock, started: (started) => (scheduler = started) },
  // The local push service of these tests runs on loopback.
  pushServices: { local: true },
});
const tick = () => {
  if (!scheduler) throw new Error('the scheduler starts with the server');
  return scheduler.tick();
};

let pushService: LocalPushService;
beforeAll(async () => {
  pushService = await startLocalPushService();
});
afterAll(() => pushService.close());

const publicKey = async () => (await api.get('/push/vapid-public-key')).body.data.publicKey as string;

/** A browser subscribed at the local push service with the server's key, stored for the session. */
async function subscribed(learner: Account): Promise<LocalSubscription> {
  const subscription = await pushService.subscribe(await publicKey());
  const stored = await api.post(
    '/push-subscriptions',
    { endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys },
    { token: learner.token },
  );
  expect(stored.status).toBe(200);
  return subscription;
}

const putSchedule = (learner: Account, repeatDays: Record<number, string[]>) =>
  api.call('PUT', '/schedule/update', { token: learner.token, body: { repeatDays } });

/** Keys as a browser makes them (a P-256 public key and a 16-byte secret), for endpoints never pushed to. */
const deviceKeys = {
  p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
};

const subscriptionRows = (userId: number) =>
  server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('GET /push/vapid-public-key', () => {
  it('answers the same P-256 public key (base64url, 65 bytes) every time', async () => {
    const first = await publicKey();
    expect(first).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(first, 'base64url')).toHaveLength(65);
    expect(await publicKey()).toBe(first);
  });
});

describe('POST /push-subscriptions', () => {
  it('stores the subscription for the session, and moves an endpoint sent again to the newest session', async () => {
    const learner = await api.signUp('push-store');
    const subscription = await subscribed(learner);
    const [row] = await subscriptionRows(learner.id);
    expect(row).toMatchObject({ endpoint: subscription.endpoint, ...subscription.keys });

    // The same browser signs in again as someone else: the device now belongs to that session.
    const next = await api.signUp('push-store-next');
    const again = await api.post(
      '/push-subscriptions',
      { endpoint: subscription.endpoint, keys: subscription.keys },
      { token: next.token },
    );
    expect(again.status).toBe(200);
    expect(await subscriptionRows(learner.id)).toEqual([]);
    expect(await subscriptionRows(next.id)).toHaveLength(1);
  });

  const refused = 'Передайте push-подписку браузера: адрес https и ключи p256dh и auth.';
  it.each([
    [
      'an endpoint in clear over the network',
      { endpoint: 'http://push.example.com/x', keys: deviceKeys },
      { endpoint: [refused] },
    ],
    ['an endpoint that is no URL', { endpoint: 'push me', keys: deviceKeys }, { endpoint: [refused] }],
    [
      'keys that are not base64url',
      { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { ...deviceKeys, p256dh: 'a b' } },
      { keys: [refused] },
    ],
    [
      'a host that is no push service',
      { endpoint: 'https://push.example.com/x', keys: deviceKeys },
      { endpoint: [refused] },
    ],
    [
      'an address inside the network',
      { endpoint: 'https://169.254.169.254/latest/meta-data', keys: deviceKeys },
      { endpoint: [refused] },
    ],
    [
      'a push service on another port',
      { endpoint: 'https://fcm.googleapis.com:8443/fcm/send/x', keys: deviceKeys },
      { endpoint: [refused] },
    ],
    [
      'credentials in the endpoint',
      {
        endpoint: 'https://user:secret@fcm.googleapis.com/fcm/send/x',
        keys: deviceKeys,
      },
      { endpoint: [refused] },
    ],
    ...['\u0000', '\u0001', '\t', ' ', '\ud800', 'é'].map((character): [string, unknown, unknown] => [
      `U+${character.charCodeAt(0).toString(16).padStart(4, '0')} in the endpoint`,
      { endpoint: `https://fcm.googleapis.com/fcm/send/x${character}y`, keys: deviceKeys },
      { endpoint: [refused] },
    ]),
    ['no keys', { endpoint: 'https://fcm.googleapis.com/fcm/send/x' }, { keys: ['Заполните это поле.'] }],
    [
      'a clear endpoint and bad keys together',
      { endpoint: 'http://push.example.com/x', keys: { ...deviceKeys, p256dh: 'a b' } },
      { endpoint: [refused], keys: [refused] },
    ],
  ])('refuses %s with 422 in the learner’s language and stores nothing', async (label, body, errors) => {
    const learner = await api.signUp(`push-bad-${label.replaceAll(' ', '-')}`);
    const russian = await api.post('/push-subscriptions?lang=ru', body, { token: learner.token });
    expect(russian.status).toBe(422);
    expect(russian.body.errors).toEqual(errors);
    expect(await subscriptionRows(learner.id)).toEqual([]);
  });

  describe('keys the push encryption cannot use', () => {
    const p256dhRefused =
      'Ключ p256dh должен быть открытым ключом P-256 браузера: 65 байт в base64url, первый байт 0x04.';
    const authRefused = 'Ключ auth должен быть 16-байтным секретом браузера в base64url.';
    const point = Buffer.from(deviceKeys.p256dh, 'base64url');
    const p256dh = (bytes: Buffer) => ({ ...deviceKeys, p256dh: bytes.toString('base64url') });
    const offCurve = Buffer.from(point);
    offCurve[64] = (offCurve[64] ?? 0) ^ 1;

    it.each([
      ['a few bytes for each key', { p256dh: 'AAAA', auth: 'BBBB' }, [p256dhRefused, authRefused]],
      [
        'a compressed point',
        p256dh(Buffer.concat([Buffer.from([0x02]), point.subarray(1, 33)])),
        [p256dhRefused],
      ],
      [
        '65 bytes without the leading 0x04',
        p256dh(Buffer.concat([Buffer.from([0x05]), point.subarray(1)])),
        [p256dhRefused],
      ],
      ['a point off the curve', p256dh(offCurve), [p256dhRefused]],
      [
        'an auth secret of 15 bytes',
        { ...deviceKeys, auth: randomBytes(15).toString('base64url') },
        [authRefused],
      ],
      [
        'an auth secret of 17 bytes',
        { ...deviceKeys, auth: randomBytes(17).toString('base64url') },
        [authRefused],
      ],
    ])('refuses %s with 422 naming the key, and stores nothing', async (label, keys, messages) => {
      const learner = await api.signUp(`push-keys-${label.replaceAll(' ', '-')}`);
      const endpoint = 'https://fcm.googleapis.com/fcm/send/keys';
      const refused = await api.post(
        '/push-subscriptions?lang=ru',
        { endpoint, keys },
        { token: learner.token },
      );
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ keys: messages });
      expect(await subscriptionRows(learner.id)).toEqual([]);
    });

    it('names the key in the request’s language', async () => {
      const learner = await api.signUp('push-keys-english');
      const refused = await api.post(
        '/push-subscriptions',
        { endpoint: 'https://fcm.googleapis.com/fcm/send/keys', keys: { ...deviceKeys, p256dh: 'AAAA' } },
        { token: learner.token },
      );
      expect(refused.body.errors).toEqual({
        keys: [
          "The p256dh key must be the browser's P-256 public key: 65 bytes in base64url, starting with 0x04.",
        ],
      });
    });
  });

  it("takes a browser's push service: Chrome's, Firefox's, Edge's, Safari's", async () => {
    const learner = await api.signUp('push-browsers');
    const endpoints = [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/abc',
    ];
    for (const endpoint of endpoints) {
      const stored = await api.post(
        '/push-subscriptions',
        { endpoint, keys: deviceKeys },
        { token: learner.token },
      );
      expect(stored.status).toBe(200);
    }
    expect((await subscriptionRows(learner.id)).map((row) => row.endpoint).sort()).toEqual(endpoints.sort());
  });

  it('answers 401 without a session', async () => {
    const result = await api.post('/push-subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/x',
      keys: {},
    });
    expect(result.status).toBe(401);
  });

  it('is refused on a brand that sends no push, in the learner’s language, and stores nothing', async () => {
    const learner = await api.signUp('push-kite');
    const subscription = await pushService.subscribe(await publicKey());
    const refused = await api.post(
      '/push-subscriptions?lang=en',
      { endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys },
      { token: learner.token, appId: 'kite-web' },
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, message: 'This site does not send push notifications.' });
    expect(await subscriptionRows(learner.id)).toEqual([]);
  });
});

describe('DELETE /push-subscriptions', () => {
  it("deletes the learner's own subscription and answers 404 for another learner's", async () => {
    const owner = await api.signUp('push-delete-owner');
    const other = await api.signUp('push-delete-other');
    const subscription = await subscribed(owner);
    const query = `/push-subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`;
    const foreign = await api.delete(query, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(await subscriptionRows(owner.id)).toHaveLength(1);
    expect((await api.delete(query, { token: owner.token })).status).toBe(200);
    expect(await subscriptionRows(owner.id)).toEqual([]);
    expect((await api.delete(query, { token: owner.token })).status).toBe(404);
  });

  it('refuses an endpoint with a character no URL holds, in the learner’s language', async () => {
    const learner = await api.signUp('push-delete-nul');
    const refused = await api.delete(
      '/push-subscriptions?lang=es&endpoint=https%3A%2F%2Ffcm.googleapis.com%2Fx%00',
      {
        token: learner.token,
      },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      endpoint: ['Envía la suscripción push del navegador: un endpoint https y sus claves p256dh y auth.'],
    });
  });
});

describe('POST /auth/logout', () => {
  it("removes the session's push subscriptions, not those of the learner's other sessions", async () => {
    const learner = await api.signUp('push-logout');
    const otherSession = { ...learner, token: await api.login(learner.email, learner.password) };
    const leaving = await subscribed(learner);
    const staying = await subscribed(otherSession);
    expect((await api.post('/auth/logout', {}, { token: learner.token })).status).toBe(200);
    expect((await subscriptionRows(learner.id)).map((row) => row.endpoint)).toEqual([staying.endpoint]);
    expect(leaving.endpoint).not.toBe(staying.endpoint);
  });
});

describe('the reminder scheduler', () => {
  // 2026-11-23 is a Monday: 00:00 UTC is 09:00 in Tokyo (UTC+9, no daylight saving).
  const mondayNineInTokyo = new Date('2026-11-23T00:00:00Z');

  it("pushes at the learner's local time, in their language, once, also after a restart", async () => {
    const learner = await api.signUp('reminder-tokyo');
    await api.post('/user', { timezone: 'Asia/Tokyo', language_code: 'es-ES' }, { token: learner.token });
    await putSchedule(learner, { 1: ['09:00'], 2: ['09:00'] });
    const device = await subscribed(learner);

    clock = new Date(mondayNineInTokyo.getTime() - 60_000);
    expect(await tick()).toBe(0);
    expect(await pushService.messages(device.clientHash)).toEqual([]);

    clock = new Date(mondayNineInTokyo.getTime() + 20_000);
    expect(await tick()).toBe(1);
    const [payload] = await pushService.messages(device.clientHash);
    expect(JSON.parse(payload ?? '')).toEqual({
      title: 'Hora de aprender',
      body: 'Tu recordatorio de las 09:00: unos minutos con tu curso hoy te mantienen al día.',
      url: 'home',
    });

    // Later ticks of the same window, and a second scheduler on the same database (a restart or a
    // second process), find the reminder claimed.
    clock = new Date(mondayNineInTokyo.getTime() + 90_000);
    expect(await tick()).toBe(0);
    const restarted = createReminderScheduler({
      db: server.db,
      push: createPush({ publicKey: await publicKey(), privateKey: 'unused' }, 'mailto:test@example.com', {
        info: () => undefined,
        error: () => undefined,
      }),
      log: { info: () => undefined, error: () => undefined },
      tickMs: 0,
      now: () => clock,
    });
    expect(await restarted.tick()).toBe(0);
    await restarted.stop();
    expect(await pushService.messages(device.clientHash)).toHaveLength(1);
    const deliveries = await server.db
      .select()
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.userId, learner.id));
    expect(deliveries.map((row) => [row.localDate, row.minuteOfDay])).toEqual([['2026-11-23', 540]]);
  });

  it('skips a reminder missed by more than the look-back window, and days without it', async () => {
    const learner = await api.signUp('reminder-late');
    await api.post('/user', { timezone: 'Asia/Tokyo' }, { token: learner.token });
    await putSchedule(learner, { 1: ['09:00'] });
    const device = await subscribed(learner);
    clock = new Date(mondayNineInTokyo.getTime() + 6 * 60_000);
    await tick();
    // Tuesday 09:00 in Tokyo: no reminder on Tuesdays.
    clock = new Date(mondayNineInTokyo.getTime() + 86_400_000);
    await tick();
    expect(await pushService.messages(device.clientHash)).toEqual([]);
    expect(
      await server.db.select().from(reminderDeliveries).where(eq(reminderDeliveries.userId, learner.id)),
    ).toEqual([]);
  });

  it('uses UTC for a learner without a time zone, and pushes nothing with notifications off', async () => {
    const utc = await api.signUp('reminder-utc');
    const quiet = await api.signUp('reminder-quiet');
    await putSchedule(utc, { 1: ['12:00'] });
    await putSchedule(quiet, { 1: ['12:00'] });
    expect(
      (await api.post('/user/notification', { disable_notification: 1 }, { token: quiet.token })).status,
    ).toBe(200);
    const utcDevice = await subscribed(utc);
    const quietDevice = await subscribed(quiet);
    clock = new Date('2026-11-23T12:00:30Z');
    expect(await tick()).toBe(1);
    expect(await pushService.messages(utcDevice.clientHash)).toHaveLength(1);
    expect(await pushService.messages(quietDevice.clientHash)).toEqual([]);
  });

  it("sends nothing to a revoked session's device and forgets a subscription the service says is gone", async () => {
    const learner = await api.signUp('reminder-gone');
    await putSchedule(learner, { 1: ['15:00'] });
    const expired = await subscribed(learner);
    await pushService.expire(expired.clientHash);
    const secondSession = { ...learner, token: await api.login(learner.email, learner.password) };
    const revokedDevice = await subscribed(secondSession);
    // The second session ends without signing out (e.g. the password was reset elsewhere).
    const [revokedRow] = await server.db
      .select({ sessionId: pushSubscriptions.sessionId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, revokedDevice.endpoint));
    await server.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, revokedRow?.sessionId ?? 0));

    clock = new Date('2026-11-23T15:00:10Z');
    expect(await tick()).toBe(1);
    expect(await pushService.messages(revokedDevice.clientHash)).toEqual([]);
    expect((await subscriptionRows(learner.id)).map((row) => row.endpoint)).toEqual([revokedDevice.endpoint]);
  });

  it('sends nothing to a stored endpoint outside the push services, and forgets it', async () => {
    const learner = await api.signUp('reminder-inside');
    await putSchedule(learner, { 1: ['16:00'] });
    const [session] = await server.db.select().from(sessions).where(eq(sessions.userId, learner.id));
    const { keys } = await pushService.subscribe(await publicKey());
    // As a row stored before endpoints were checked: an address inside the server's network.
    await server.db.insert(pushSubscriptions).values({
      userId: learner.id,
      sessionId: session?.id ?? 0,
      endpoint: 'https://10.0.0.1/internal',
      ...keys,
    });
    clock = new Date('2026-11-23T16:00:10Z');
    await tick();
    expect(await subscriptionRows(learner.id)).toEqual([]);
  });

  it("goes past a device whose keys cannot be used: the learner's other device and other learners get theirs", async () => {
    const learner = await api.signUp('reminder-broken-keys');
    const neighbour = await api.signUp('reminder-beside-broken');
    await putSchedule(learner, { 1: ['19:00'] });
    await putSchedule(neighbour, { 1: ['19:00'] });
    const [session] = await server.db.select().from(sessions).where(eq(sessions.userId, learner.id));
    const broken = await pushService.subscribe(await publicKey());
    // As a row stored before the keys were checked: encrypting for it throws.
    const [brokenRow] = await server.db
      .insert(pushSubscriptions)
      .values({
        userId: learner.id,
        sessionId: session?.id ?? 0,
        endpoint: broken.endpoint,
        p256dh: 'AAAA',
        auth: 'BBBB',
      })
      .returning({ id: pushSubscriptions.id });
    const working = await subscribed(learner);
    const neighbourDevice = await subscribed(neighbour);

    clock = new Date('2026-11-23T19:00:10Z');
    expect(await tick()).toBe(2);
    expect(await pushService.messages(working.clientHash)).toHaveLength(1);
    expect(await pushService.messages(neighbourDevice.clientHash)).toHaveLength(1);
    expect(await pushService.messages(broken.clientHash)).toEqual([]);
    expect(server.errors).toEqual([
      expect.stringMatching(
        new RegExp(
          `^reminder push to subscription ${brokenRow?.id} failed .*p256dh value should be 65 bytes`,
        ),
      ),
    ]);
    // Not gone by the push service's word: the row stays.
    expect(await subscriptionRows(learner.id)).toHaveLength(2);
  });

  it("never pushes one learner's reminder to another learner's device", async () => {
    const owner = await api.signUp('reminder-owner');
    const other = await api.signUp('reminder-other');
    await putSchedule(owner, { 1: ['18:00'] });
    const otherDevice = await subscribed(other);
    clock = new Date('2026-11-23T18:00:05Z');
    // The owner has no device: nothing to claim; the other learner has no reminder.
    expect(await tick()).toBe(0);
    expect(await pushService.messages(otherDevice.clientHash)).toEqual([]);
    const [ownerRow] = await server.db.select().from(users).where(eq(users.id, owner.id));
    expect(ownerRow?.disableNotification).toBe(0);
  });
});

describe('a password change', () => {
  it.each([
    ['with the current password', false, '21:00'],
    ['forced after sign-in', true, '22:00'],
  ])('%s keeps the reminders of the device that made it', async (label, forced, time) => {
    const learner = await api.signUp(`reminder-password-${forced ? 'forced' : 'chosen'}`);
    await putSchedule(learner, { 1: [time] });
    const device = await subscribed(learner);
    if (forced)
      await server.db.update(users).set({ isRequireUpdatePassword: 1 }).where(eq(users.id, learner.id));
    const changed = await api.post(
      '/user/update-password',
      {
        current_password: forced ? undefined : learner.password,
        password: 'changed-password',
        password_repeat: 'changed-password',
      },
      { token: learner.token },
    );
    expect(changed.status, label).toBe(200);
    // The subscription now belongs to the session that replaced the one it was stored for.
    const [replacement] = await server.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(changed.body.data.token)));
    expect((await subscriptionRows(learner.id)).map((row) => row.sessionId)).toEqual([replacement?.id]);

    clock = new Date(`2026-11-23T${time}:10Z`);
    expect(await tick()).toBe(1);
    expect(await pushService.messages(device.clientHash)).toHaveLength(1);
  });
});

describe('local reminder slots', () => {
  it('reads the local date, ISO weekday and minute in the learner’s zone', () => {
    // Sunday 2026-11-22 23:30 UTC is Monday 08:30 in Tokyo.
    expect(localSlot(new Date('2026-11-22T23:30:00Z'), 'Asia/Tokyo')).toEqual({
      date: '2026-11-23',
      weekday: 1,
      minute: 510,
    });
    expect(localSlot(new Date('2026-11-22T23:30:00Z'), 'UTC')).toEqual({
      date: '2026-11-22',
      weekday: 7,
      minute: 1410,
    });
  });

  it('looks back across midnight into the day before', () => {
    const slots = dueSlots(new Date('2026-11-23T00:02:00Z'), 'UTC');
    expect(slots).toHaveLength(LOOKBACK_MINUTES + 1);
    expect(slots[0]).toEqual({ date: '2026-11-22', weekday: 7, minute: 1437 });
    expect(slots.at(-1)).toEqual({ date: '2026-11-23', weekday: 1, minute: 2 });
  });

  it('skips the local minutes a daylight-saving jump leaves out', () => {
    // Berlin jumps from 02:00 to 03:00 on 2026-03-29 (01:00 UTC): 02:00–02:59 never happen there.
    const minutes = dueSlots(new Date('2026-03-29T01:02:00Z'), 'Europe/Berlin').map((slot) => slot.minute);
    expect(minutes).toEqual([117, 118, 119, 180, 181, 182]);
  });
});
