import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { createLearner, DEMO, signIn } from './support/helpers';
import { expect, test } from './support/test';

/**
 * Signed-in support (/support, /support/{categoryId}, /support/{categoryId}/{streamId}), the app
 * rating prompt and the old-site notice on the home page, against the real server.
 */

async function signedInAsNewLearner(page: Page, label: string) {
  await signIn(page, await createLearner(page.request, label));
  await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible();
}

const topics = (page: Page) => page.getByRole('list', { name: 'What is your question about?' });
const courses = (page: Page) => page.getByRole('list', { name: 'Which course is it about?' });

test('a learner writes to support about no course, and the URL follows each choice', async ({ page }) => {
  await signedInAsNewLearner(page, 'support-message');
  await page.goto('support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(topics(page).getByRole('button')).toHaveText([
    'Technical problem',
    'Payment',
    'Homework review',
    'Course content',
    'Account and sign-in',
    'Course renewal',
    'Renewal of access or consultations',
    'Homework submission',
  ]);
  await expectNoSeriousViolations(page, 'support topics');

  await topics(page).getByRole('button', { name: 'Technical problem' }).click();
  await expect(page).toHaveURL(/\/v\/support\/1$/);
  await expect(page.getByRole('heading', { name: 'Which course is it about?' })).toBeFocused();
  await expectNoSeriousViolations(page, 'support course choice');
  await courses(page).getByRole('button', { name: 'Not about a course' }).click();
  await expect(page).toHaveURL(/\/v\/support\/1\/none$/);

  const send = page.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('   ');
  await expect(send).toBeDisabled();
  // The limit counts characters, as its message says: an emoji is one, not two UTF-16 units.
  await message.fill('🎬'.repeat(300));
  await expect(page.getByText('200 characters left')).toBeVisible();
  await message.fill('x'.repeat(501));
  await expect(message).toHaveValue('x'.repeat(501));
  await expect(page.getByText('1 character too many')).toBeVisible();
  await send.click();
  await expect(page.getByText('Enter at most 500 characters')).toBeVisible();
  await message.fill('The video stops after a minute.');
  await expect(page.getByText('469 characters left')).toBeVisible();
  await expectNoSeriousViolations(page, 'support message');
  const answer = page.waitForResponse((response) => response.url().includes('/tech-questions'));
  await send.click();
  expect((await answer).status()).toBe(201);
  await expect(page.getByRole('alert')).toHaveText('Message sent. Experts answer within 24 hours.');
  // The form and its Send button are gone: the outcome takes the focus, not the page's body.
  await expect(page.getByRole('alert')).toBeFocused();
  await expectNoSeriousViolations(page, 'support message sent');

  // The browser's back button walks the choices back; the topics stay loaded.
  await page.goBack();
  await expect(page).toHaveURL(/\/v\/support\/1$/);
  await expect(courses(page)).toBeVisible();
  await page.getByRole('button', { name: 'Change topic' }).click();
  await expect(page).toHaveURL(/\/v\/support$/);
  await expect(topics(page)).toBeVisible();

  // A phone's width: nothing runs off the side.
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('a renewal about a course is one tap, and a link can open it directly', async ({ page }) => {
  await signedInAsNewLearner(page, 'support-renewal');
  await page.goto('support/7');
  await expect(page.getByRole('heading', { name: 'Which course is it about?' })).toBeVisible();
  const course = courses(page).getByRole('button').first();
  const title = await course.textContent();
  expect(title).not.toBe('Not about a course');
  await course.click();
  await expect(page).toHaveURL(/\/v\/support\/7\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'support renewal');
  const answer = page.waitForResponse((response) => response.url().includes('/tech-questions/auto'));
  await page.getByRole('button', { name: 'Request renewal' }).click();
  expect((await answer).status()).toBe(201);
  await expect(page.getByRole('alert')).toHaveText('Message sent. Experts answer within 24 hours.');
  await expect(page.getByRole('alert')).toBeFocused();

  // The same link again the same day: the server answers the first request, nothing is stored twice.
  const url = page.url();
  await page.goto(url);
  const again = page.waitForResponse((response) => response.url().includes('/tech-questions/auto'));
  await page.getByRole('button', { name: 'Request renewal' }).click();
  expect((await again).status()).toBe(200);
  await expect(page.getByRole('alert')).toHaveText('Message sent. Experts answer within 24 hours.');
});

test('a failed load says so and loads again on "Try again"; a topic not offered asks again', async ({
  page,
}) => {
  await signedInAsNewLearner(page, 'support-errors');
  // On the context: the topics are a read the service worker keeps, so it, not the page, asks for them.
  await page.context().route('**/support-category**', (route) => route.abort());
  await page.goto('support');
  await expect(page.getByRole('alert')).toContainText('Failed to load support topics.');
  await expectNoSeriousViolations(page, 'support load error');
  await page.context().unroute('**/support-category**');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(topics(page)).toBeVisible();

  await page.goto('support/999/none');
  await expect(topics(page)).toBeVisible();
  await expect(page).toHaveURL(/\/v\/support$/);
  // A path that names no topic, or no course, at all is put right in the same way.
  await page.goto('support/abc');
  await expect(topics(page)).toBeVisible();
  await expect(page).toHaveURL(/\/v\/support$/);
  await page.goto('support/1/abc');
  await expect(page).toHaveURL(/\/v\/support\/1$/);
});

test('the demo learner, three days finished, is asked to rate the app once', async ({ page }) => {
  await signIn(page, DEMO.learner);
  await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible();
  const prompt = page.getByRole('complementary', { name: 'Enjoying Brightpath Academy?' });
  await expect(prompt).toBeVisible();
  await expectNoSeriousViolations(page, 'app rating prompt');
  const send = prompt.getByRole('button', { name: 'Send rating' });
  await expect(send).toBeDisabled();
  await prompt.getByRole('radio', { name: '4 stars' }).check();
  const comment = prompt.getByLabel('Comment (optional)');

  // A control character pasted into the comment: the server refuses it, and the card says so under
  // the comment, which takes the focus, rather than pointing at highlighted fields it does not show.
  await comment.fill('Clear\u0007 lessons.');
  const refused = page.waitForResponse(
    (response) => response.url().includes('/app-rating') && response.request().method() === 'POST',
  );
  await send.click();
  expect((await refused).status()).toBe(422);
  await expect(comment).toBeFocused();
  await expect(comment).toHaveAttribute('aria-invalid', 'true');
  await expect(comment).toHaveAccessibleDescription('Must not contain control characters.');
  await expect(prompt.getByRole('alert')).toHaveText('');
  await expectNoSeriousViolations(page, 'app rating refused comment');

  await comment.fill('Clear lessons.');
  await expect(comment).not.toHaveAttribute('aria-invalid');
  // A save the server fails keeps the card, and the focus on the button that sent it.
  await page.route(
    /\/app-rating\b/,
    (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    { times: 1 },
  );
  await send.focus();
  await page.keyboard.press('Enter');
  await expect(prompt.getByRole('alert')).toHaveText('Failed to save your answer. Try again later');
  await expect(send).toBeFocused();
  const saved = page.waitForResponse(
    (response) => response.url().includes('/app-rating') && response.request().method() === 'POST',
  );
  await send.click();
  expect((await saved).status()).toBe(200);
  const thanks = page.getByRole('complementary', { name: 'Thank you for your rating!' });
  await expect(thanks.getByRole('heading')).toBeFocused();
  await expectNoSeriousViolations(page, 'app rating thanks');
  await thanks.getByRole('button', { name: 'Close' }).click();
  await expect(thanks).toHaveCount(0);
  // The card took the focused Close button with it: the page's heading has the focus, not the body.
  await expect(page.getByRole('heading', { level: 1, name: 'My courses' })).toBeFocused();

  // The server remembers: another visit (or device) does not ask again.
  const checked = page.waitForResponse((response) => response.url().includes('/app-rating'));
  await page.reload();
  expect(await (await checked).json()).toMatchObject({ data: { due: false, answer: 'rated', rating: 4 } });
  await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible();
  await expect(prompt).toHaveCount(0);
});

test.describe('the old learner area', () => {
  // The brand's page is rewritten on its way in; a service worker would answer it from its cache.
  test.use({ serviceWorkers: 'block' });

  test('a brand that still runs its old site says so on the home page until "Got it"', async ({ page }) => {
    await page.route(
      (url) =>
        url.pathname.startsWith('/v/') && !url.pathname.includes('.') && !url.pathname.includes('/spa/'),
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          /(<script id="app-brand" type="application\/json">)(.*?)(<\/script>)/s,
          (_, open: string, json: string, close: string) =>
            `${open}${JSON.stringify({
              ...JSON.parse(json),
              oldCabinetUrl: 'https://old.example.com/cabinet',
              oldCabinetUntil: '2099-12-31',
            })}${close}`,
        );
        await route.fulfill({ response, body: html });
      },
    );
    await signedInAsNewLearner(page, 'old-cabinet');
    const notice = page.getByRole('complementary', { name: 'You are using the new learner area' });
    await expect(notice).toContainText('The old one stays available until December 31, 2099.');
    await expect(notice.getByRole('link', { name: 'Open the old learner area' })).toHaveAttribute(
      'href',
      'https://old.example.com/cabinet',
    );
    await expectNoSeriousViolations(page, 'old learner area notice');
    await notice.getByRole('button', { name: 'Got it' }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });
});
