import { createLearner, signIn } from './support/helpers';
import { expect, test } from './support/test';

test('deleting the account from a second browser ends the first one with the "New sign-in" notice', async ({
  browser,
  request,
}) => {
  const account = await createLearner(request, 'remote');
  const first = await browser.newContext();
  const second = await browser.newContext();
  const a = await first.newPage();
  const b = await second.newPage();

  await signIn(a, account);
  await expect(a).toHaveURL(/\/v\/home$/);
  await signIn(b, account);
  await expect(b).toHaveURL(/\/v\/home$/);

  await b.goto('./delete');
  const dialog = b.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(b).toHaveURL(/\/v\/$/);

  // The first browser hears the logout event, goes to sign-in and says why.
  await expect(a).toHaveURL(/\/v\/$/);
  await expect(a.getByRole('alert')).toContainText('New sign-in');

  // The account is gone: signing in again fails.
  await signIn(a, account);
  await expect(a.getByText('Incorrect e-mail or password.')).toBeVisible();
  await first.close();
  await second.close();
});

test('cancelling the deletion keeps the account and goes back', async ({ page, request }) => {
  const account = await createLearner(request, 'keep');
  await signIn(page, account);
  await expect(page).toHaveURL(/\/v\/home$/);
  await page.goto('./delete');
  await page
    .getByRole('dialog', { name: 'Delete your account?' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(page).not.toHaveURL(/\/delete$/);
  await page.goto('./logout');
  await expect(page).toHaveURL(/\/v\/$/);
  await signIn(page, account);
  await expect(page).toHaveURL(/\/v\/home$/);
});

test('auto-login stores the given token and opens the return URL', async ({ page, request, browser }) => {
  const account = await createLearner(request, 'auto');
  const res = await request.post('/spa/api/v1/auth/login?lang=en', { data: account });
  const { data } = (await res.json()) as { data: { token: string } };
  await page.goto(`./auto-login?token=${data.token}&returnUrl=${encodeURIComponent('/user/points')}`);
  await expect(page).toHaveURL(/\/v\/user\/points$/);
  const fresh = await browser.newPage();
  await fresh.goto('./auto-login');
  await expect(fresh).toHaveURL(/\/v\/$/);
  await fresh.close();
});

test("auto-login leads to the school's own site with the token, and to no other site", async ({
  page,
  request,
}) => {
  const account = await createLearner(request, 'auto-away');
  const res = await request.post('/spa/api/v1/auth/login?lang=en', { data: account });
  const { data } = (await res.json()) as { data: { token: string } };
  const visited: string[] = [];
  await page.route(/^https?:\/\/(evil\.example|shop\.localhost)(:\d+)?\//, (route) => {
    visited.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Away</title>' });
  });
  // Another site: the learner stays in the app, and the token goes nowhere.
  await page.goto(
    `./auto-login?token=${data.token}&returnUrl=${encodeURIComponent('https://evil.example/collect')}`,
  );
  await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible();
  expect(visited).toEqual([]);
  // A subdomain of the school's own host (this server answers on localhost): away, with the token.
  await page.goto(
    `./auto-login?token=${data.token}&returnUrl=${encodeURIComponent('http://shop.localhost/pay')}`,
  );
  await expect(page).toHaveTitle('Away');
  expect(visited).toEqual([`http://shop.localhost/pay?token=${data.token}`]);
});
