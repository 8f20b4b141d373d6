import type { Page } from '@playwright/test';
import { type LocalPushService, type LocalSubscription, startLocalPushService } from '../push-service';
import { expectNoSeriousViolations } from './support/axe';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';
import { APP, createLearner, signIn, tokenOf } from './support/helpers';
import { expect, test } from './support/test';

const API = `${APP}/spa/api/v1`;

// The full browser, not the suite's headless shell: the worker's notification is read back with
// getNotifications(), and the shell shows none.
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } });

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
