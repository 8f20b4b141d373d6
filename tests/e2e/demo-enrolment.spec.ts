import { APP, createLearner, signIn } from './support/helpers';
import { expect, test } from './support/test';

/**
 * Demo auto-enrolment (shell spec, section 4 "Data load state"): on Brightpath, whose demo is
 * accessible through service 498, a learner without streams who signs in is enrolled in the demo,
 * the service is read and the lists load once more.
 */

const NEWCOMER = { email: 'newcomer@example.com', password: 'newcomer-demo' };
const API_PATH = '/spa/api/v1';
const API = `${APP}${API_PATH}`;
const pathOf = (url: string) => new URL(url).pathname;

test('a learner without streams signs in and gets a demo stream of the demo course', async ({
  page,
  request,
}) => {
  const enrolment = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      pathOf(response.url()) === `${API_PATH}/course-services/498/enrol-demo`,
  );
  const service = page.waitForResponse(
    (response) =>
      pathOf(response.url()) === `${API_PATH}/course-services/view` &&
      new URL(response.url()).searchParams.get('id') === '498',
  );
  await signIn(page, NEWCOMER);
  expect((await enrolment).status()).toBe(201);
  expect((await service).status()).toBe(200);
  await expect(page).toHaveURL(/\/v\/home$/);
  await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible();

  // The server now holds the demo stream for them, without full access.
  const login = await request.post(`${API}/auth/login?lang=en`, { data: NEWCOMER });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const streams = await request.get(`${API}/user-course-streams`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { data } = (await streams.json()) as { data: { is_demo: number; course_full_access: number }[] };
  expect(data).toEqual([expect.objectContaining({ is_demo: 1, course_full_access: 0 })]);
});

test('my courses shows the demo stream even when the page read the streams before the enrolment ended', async ({
  page,
  request,
}) => {
  const newcomer = await createLearner(request, 'late-demo');
  // The enrolment answers late: the page has read the (empty) streams by then.
  await page.route(`**${API_PATH}/course-services/498/enrol-demo*`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await signIn(page, newcomer);
  await expect(page).toHaveURL(/\/v\/home$/);
  await expect(page.getByRole('link', { name: 'Mindful Movement in 8 Days' })).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByText('No courses in progress right now.')).toHaveCount(0);

  // The demo's rest day is not in the demo: the calendar locks it, as its page would, with no link.
  await page.getByRole('link', { name: 'Mindful Movement in 8 Days' }).click();
  const restDay = page.getByRole('listitem').filter({ hasText: /^Day 3/ });
  await expect(restDay).toContainText('Locked in the demo');
  await expect(restDay.getByRole('link')).toHaveCount(0);
  await expect(page.getByText('Rest day')).toHaveCount(0);
});
