import type { APIRequestContext, Page } from '@playwright/test';
import { type LocalPushService, type LocalSubscription, startLocalPushService } from '../push-service';
import { expectNoSeriousViolations } from './support/axe';
import { shownText, typeTime } from './support/dateFields';
import { APP, createLearner, SECOND_BRAND_APP, signIn } from './support/helpers';
import { expect, test } from './support/test';

const API = `${APP}/spa/api/v1`;

async function tokenOf(request: APIRequestContext, account: { email: string; password: string }) {
  const login = await request.post(`${API}/auth/login?lang=en`, { data: account });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

async function serverSchedule(request: APIRequestContext, token: string) {
  const res = await request.get(`${API}/schedule?lang=en`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { repeatDays: Record<string, string[]> } }).data.repeatDays;
}

async function openReminders(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Notifications and reminders' }).click();
  await expect(page).toHaveURL(/\/v\/user\/settings\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, 'notification settings');
  await page.getByRole('link', { name: 'Set up reminders' }).click();
  await expect(page).toHaveURL(/\/v\/user\/settings\/reminders$/);
}

test('reminders: add one for weekdays, join the weekend to it, make it custom, delete it; the server keeps each step', async ({
  page,
  request,
}) => {
  const account = await createLearner(request, 'reminders');
  const token = await tokenOf(request, account);
  await signIn(page, account);
  await expect(page).toHaveURL(/\/v\/home$/);
  await openReminders(page);
  await expect(page.getByText(/^No reminders yet\./)).toBeVisible();
  await expectNoSeriousViolations(page, 'reminders, empty');

  await page.getByRole('link', { name: 'Add reminder' }).click();
  await expect(page).toHaveURL(/\/v\/user\/settings\/reminders\/new$/);
  await expect(page.getByRole('heading', { name: 'New reminder' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Time' })).toBeVisible();
  await expectNoSeriousViolations(page, 'new reminder');
  await typeTime(page.getByRole('group', { name: 'Time' }), '07:45');
  await page.getByRole('radio', { name: 'Weekdays' }).check();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/v\/user\/settings\/reminders$/);
  const item = page.getByRole('link', { name: '07:45 Weekdays' });
  await expect(item).toBeVisible();
  // The Save button is gone with its form: the focus goes on from the list's heading, not the top.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expectNoSeriousViolations(page, 'reminders');
  expect(await serverSchedule(request, token)).toEqual({
    1: ['07:45'],
    2: ['07:45'],
    3: ['07:45'],
    4: ['07:45'],
    5: ['07:45'],
    6: [],
    7: [],
  });

  // A new reminder at a time that exists joins it: the weekdays stay, the weekend is added.
  await page.getByRole('link', { name: 'Add reminder' }).click();
  await typeTime(page.getByRole('group', { name: 'Time' }), '07:45');
  await page.getByRole('radio', { name: 'Weekend' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/v\/user\/settings\/reminders$/);
  const joined = page.getByRole('link', { name: '07:45 Daily' });
  await expect(joined).toBeVisible();
  await expect(page.getByRole('link', { name: /^07:45/ })).toHaveCount(1);
  expect(Object.values(await serverSchedule(request, token))).toEqual(Array(7).fill(['07:45']));

  await joined.click();
  await expect(page).toHaveURL(/\/v\/user\/settings\/reminders\/0745$/);
  await expect(page.getByRole('heading', { name: 'Edit reminder' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Daily' })).toBeChecked();
  await page.getByRole('radio', { name: 'Custom' }).check();
  await page.getByRole('checkbox', { name: 'Monday' }).uncheck();
  await page.getByRole('checkbox', { name: 'Sunday' }).uncheck();
  await expectNoSeriousViolations(page, 'edit reminder, custom days');
  await typeTime(page.getByRole('group', { name: 'Time' }), '19:05');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('link', { name: '19:05 Tue, Wed, Thu, Fri, Sat' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^07:45/ })).toHaveCount(0);
  expect(await serverSchedule(request, token)).toEqual({
    1: [],
    2: ['19:05'],
    3: ['19:05'],
    4: ['19:05'],
    5: ['19:05'],
    6: ['19:05'],
    7: [],
  });

  await page.getByRole('link', { name: /^19:05/ }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this reminder?' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, 'delete reminder dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/v\/user\/settings\/reminders$/);
  await expect(page.getByText(/^No reminders yet\./)).toBeVisible();
  expect(Object.values(await serverSchedule(request, token)).flat()).toEqual([]);
});

test('a brand without push offers no reminders: the settings leave them out, their pages say so', async ({
  page,
  request,
}) => {
  const account = await createLearner(request, 'kite-reminders');
  const scheduleCalls: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.includes('/schedule')) scheduleCalls.push(sent.url());
  });
  // Kite has no push support, and reminders come only by push.
  await page.goto(`${SECOND_BRAND_APP}/v/`);
  await page.getByLabel('Язык').selectOption('en');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${SECOND_BRAND_APP}/v/courses`);

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('link', { name: 'Notifications and reminders' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Notification settings' }).click();
  await expect(page).toHaveURL(/\/v\/user\/settings\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByText('News from your school.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Set up reminders' })).toHaveCount(0);

  // An address kept from elsewhere lands on a clear notice, not on a form that could never deliver.
  for (const [path, heading] of [
    ['user/settings/reminders', 'Reminders'],
    ['user/settings/reminders/new', 'New reminder'],
    ['user/settings/reminders/0830', 'Edit reminder'],
  ] as const) {
    await page.goto(`${SECOND_BRAND_APP}/v/${path}`);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('This app does not send reminders.');
    await expect(page.getByRole('group', { name: 'Time' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Add reminder' })).toHaveCount(0);
  }
  await expectNoSeriousViolations(page, 'a reminder page without reminders');
  await page.getByRole('link', { name: 'Notification settings' }).click();
  await expect(page).toHaveURL(/\/v\/user\/settings\/notifications$/);
  expect(scheduleCalls).toEqual([]);
});

test.describe('push', () => {
  let pushService: LocalPushService;
  test.beforeAll(async () => {
    pushService = await startLocalPushService();
  });
  test.afterAll(() => pushService.close());

  /**
   * Headless Chromium cannot reach a real push service: the page's PushManager hands out the local
   * service's subscription instead (bound to the server's real VAPID key), and the worker gets the
   * pushed payload through the DevTools protocol.
   */
  async function stubPushManager(page: Page, subscription: LocalSubscription) {
    await page.addInitScript((local) => {
      let current: PushSubscription | null = null;
      PushManager.prototype.subscribe = async function subscribe() {
        const json = { endpoint: local.endpoint, expirationTime: null, keys: local.keys };
        current = {
          endpoint: local.endpoint,
          expirationTime: null,
          options: { applicationServerKey: null, userVisibleOnly: true },
          getKey: () => null,
          toJSON: () => json,
          unsubscribe: async () => {
            current = null;
            return true;
          },
        } as unknown as PushSubscription;
        return current;
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        return current;
      };
    }, subscription);
  }

  test('a reminder due now goes from the scheduler through the push service into the service worker', async ({
    page,
    context,
    request,
  }) => {
    const key = (
      (await (await request.get(`${API}/push/vapid-public-key`)).json()) as { data: { publicKey: string } }
    ).data.publicKey;
    const subscription = await pushService.subscribe(key);
    await context.grantPermissions(['notifications'], { origin: APP });
    await stubPushManager(page, subscription);

    const account = await createLearner(request, 'push');
    const token = await tokenOf(request, account);
    await signIn(page, account);
    await expect(page).toHaveURL(/\/v\/home$/);
    await page.goto('./user/settings/notifications');
    await expect(page.getByText('Off on this device.')).toBeVisible();
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText('On for this device.')).toBeVisible();

    // A reminder at this very minute, every day, in the learner's zone (UTC): the next tick sends it.
    const now = new Date();
    const time = `${String(now.getUTCHours()).padStart(2, '0')}:${String(now.getUTCMinutes()).padStart(2, '0')}`;
    const saved = await request.put(`${API}/schedule/update?lang=en`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { repeatDays: Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((day) => [day, [time]])) },
    });
    expect(saved.status()).toBe(200);

    let payload = '';
    await expect
      .poll(async () => (payload = (await pushService.messages(subscription.clientHash))[0] ?? ''), {
        timeout: 20_000,
      })
      .not.toBe('');
    const message = JSON.parse(payload) as { title: string; body: string; url: string };
    expect(message).toEqual({
      title: 'Time to learn',
      body: `Your ${time} reminder: a few minutes with your course today keeps you on track.`,
      url: 'home',
    });

    // What the push service received is what the worker shows. A push reaches only an activated
    // worker (one still precaching the shell drops it), so deliver once the page's worker is active.
    await expect
      .poll(() =>
        page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'),
      )
      .toBe('activated');
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect
      .poll(() => registrations.find((r) => r.scopeURL === `${APP}/v/` && !r.isDeleted)?.registrationId)
      .toBeTruthy();
    const registrationId =
      registrations.find((r) => r.scopeURL === `${APP}/v/` && !r.isDeleted)?.registrationId ?? '';
    const shownNotifications = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        const shown = (await registration?.getNotifications()) ?? [];
        return shown.map((notification) => ({
          title: notification.title,
          body: notification.body,
          url: (notification.data as { url: string }).url,
        }));
      });
    // The protocol's delivery is the stand-in for the push service's, and a busy machine has seen it
    // dropped once: it is repeated until something shows. The worker tags reminders, so a repeat
    // replaces the notification instead of adding one, and exactly one is expected.
    await expect
      .poll(
        async () => {
          const shown = await shownNotifications();
          if (shown.length === 0) {
            await cdp.send('ServiceWorker.deliverPushMessage', {
              origin: APP,
              registrationId,
              data: payload,
            });
          }
          return shown;
        },
        { intervals: [1_000, 2_000, 3_000], timeout: 20_000 },
      )
      .toEqual([{ title: message.title, body: message.body, url: `${APP}/v/home` }]);

    // Signing out removes this device's subscription on the server.
    await page.goto('./logout');
    await expect(page).toHaveURL(/\/v\/$/);
    const again = await request.post(`${API}/auth/login?lang=en`, { data: account });
    const otherToken = ((await again.json()) as { data: { token: string } }).data.token;
    const gone = await request.delete(
      `${API}/push-subscriptions?lang=en&endpoint=${encodeURIComponent(subscription.endpoint)}`,
      { headers: { Authorization: `Bearer ${otherToken}` } },
    );
    expect(gone.status()).toBe(404);
  });

  /**
   * The offer's machine state, as the app's transition inspector sees it: the time in view counts
   * once it is `counting`, and the page's own timers run on the fake clock, so it is read from here.
   */
  async function watchOfferState(page: Page) {
    await page.addInitScript(() => {
      const record = window.__inspectTransitions;
      const seen = window as unknown as { __pushPromptState?: unknown };
      window.__inspectTransitions = (event) => {
        if (
          event.type === '@xstate.snapshot' &&
          (event.actorRef as { logic?: { id?: string } }).logic?.id === 'pushPrompt'
        )
          seen.__pushPromptState = (event.snapshot as { value?: unknown }).value;
        record?.(event);
      };
    });
  }
  const offerState = (page: Page) =>
    page.evaluate(() => (window as unknown as { __pushPromptState?: unknown }).__pushPromptState ?? null);

  test('the push offer comes after 100 s in view over visits, and Not now is remembered', async ({
    page,
    request,
  }) => {
    // Headless Chromium answers "denied" without asking anyone; a real browser starts at "default".
    await page.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'default' });
    });
    await page.clock.install();
    const account = await createLearner(request, 'push-offer');
    await watchOfferState(page);
    await signIn(page, account);
    await expect(page).toHaveURL(/\/v\/home$/);
    const offer = page.getByRole('dialog', { name: 'Turn on notifications?' });
    await expect.poll(() => offerState(page)).toBe('counting');
    await page.clock.fastForward(60_000);
    await expect(offer).toHaveCount(0);
    // The time adds up over visits: 60 s in this one and 41 s in the next make the 100 s.
    await page.reload();
    await expect.poll(() => offerState(page)).toBe('counting');
    await page.clock.fastForward(41_000);
    await expect(offer).toBeVisible();
    await expectNoSeriousViolations(page, 'push offer');
    await offer.getByRole('button', { name: 'Not now' }).click();
    await expect(offer).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('lp_push_prompt_declined_at'))).toMatch(/^\d+$/);
    await page.reload();
    await expect(page).toHaveURL(/\/v\/home$/);
    // The remembered answer: the offer is over before it counts anything.
    await expect.poll(() => offerState(page)).toBe('over');
    await page.clock.fastForward(101_000);
    await expect(offer).toHaveCount(0);
  });
});

test.describe('on an English browser', () => {
  test.use({ locale: 'en-US' });

  test('every interface sets reminder times on a 24-hour clock, as the app shows them', async ({
    page,
    request,
  }) => {
    const account = await createLearner(request, 'reminders-clock');
    await signIn(page, account);
    await expect(page).toHaveURL(/\/v\/home$/);
    for (const { language, label } of [
      { language: 'en', label: 'Time' },
      { language: 'ru', label: 'Время' },
      { language: 'es', label: 'Hora' },
    ]) {
      await page.evaluate((code) => localStorage.setItem('lp_language', code), language);
      await page.goto('./user/settings/reminders/new');
      const time = page.getByRole('group', { name: label });
      await typeTime(time, '19:05');
      expect(await shownText(time)).toBe('19:05');
    }
  });
});
