import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { APP, DEMO, signIn } from './support/helpers';
import { test } from './support/test';

/**
 * The day page as the demo learner meets it: a lesson plays from the server's own HLS with its
 * subtitles, with no request leaving the app's origin and no CSP violation; its statistic reaches the
 * server; finishing a day changes the calendar; the course handbook opens as a drawn PDF with its text
 * in the page, a web link among the materials in a new window. A day opened by its address shows no
 * lessons while its stream's access is over or it cannot be studied yet.
 */

const API = `${APP}/spa/api/v1`;
const COURSE = 'Mindful Movement in 8 Days';

type Stream = { id: number; course_id: number; is_demo: 0 | 1; status: string };
type Status = { lessons: { lesson_set_lesson_id: number; viewed_seconds: number }[] };

/**
 * The learner's stream of the course with this title in the given status, a full one unless `demo`
 * (the seed has a stream of each status), read with the session cookie the page signed in with.
 */
async function streamOf(
  request: APIRequestContext,
  title: string,
  status: string,
  demo = false,
): Promise<Stream> {
  const courses = (await (await request.get(`${API}/courses`)).json()) as {
    data: { id: number; title: string }[];
  };
  const course = courses.data.find((item) => item.title === title);
  const streams = (await (await request.get(`${API}/user-course-streams`)).json()) as { data: Stream[] };
  const stream = streams.data.find(
    (item) => item.course_id === course?.id && item.is_demo === (demo ? 1 : 0) && item.status === status,
  );
  if (!stream) throw new Error(`the seed has no ${status} ${demo ? 'demo' : 'full'} stream of ${title}`);
  return stream;
}

/** The learner's open stream of the demo course. */
const openStream = (request: APIRequestContext) => streamOf(request, COURSE, 'open');

/** The day page shows none of the day's lessons and no way to start or finish it. */
async function expectNoLessons(page: Page) {
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Play/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Start the day' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Finish the day' })).toHaveCount(0);
}

async function lessonViewedSeconds(request: APIRequestContext, streamId: number, lessonSetLessonId: number) {
  const status = (await (await request.get(`${API}/user-course-streams/${streamId}/status`)).json()) as {
    data: Status;
  };
  return (
    status.data.lessons.find((lesson) => lesson.lesson_set_lesson_id === lessonSetLessonId)?.viewed_seconds ??
    0
  );
}

/** Records what the page would report: CSP violations (event and console) and every request's URL. */
async function watchPage(page: Page) {
  const violations: string[] = [];
  const requests: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|CSP violation/i.test(text)) violations.push(text);
  });
  page.on('request', (request) => requests.push(request.url()));
  return { violations, requests };
}

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO.learner);
  await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible();
});

test('a lesson plays its HLS with subtitles, same origin only, and its statistic reaches the server', async ({
  page,
}) => {
  const watched = await watchPage(page);
  const stream = await openStream(page.request);
  await page.goto(`./course/${stream.id}/calendar/1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Breathing basics' })).toBeVisible();
  const lesson = page.getByRole('article').filter({ hasText: 'Calm breathing' }).first();
  // The title's "(theory)" marker reads as the part it names, in the interface's language.
  await expect(lesson.getByRole('heading', { name: /^Calm breathing, Theory$/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'day');
  // What the page says of the day is what the statistic tells the server of it.
  const statusLine = (await page.locator('#day-status').textContent()) ?? '';
  const dayStatus = /finished/.test(statusLine)
    ? 'ended'
    : /started/.test(statusLine)
      ? 'started'
      : 'not_started';

  const statistic = page.waitForResponse(
    (response) => response.url().includes('/save-lesson-stat') && response.status() === 201,
  );
  // The player's code loads when the learner starts the video, and it plays at once.
  await lesson.getByRole('button', { name: /^Play: Calm breathing/ }).click();
  const player = lesson.locator('mux-player');
  await expect(player).toBeAttached();

  // The video advances.
  await expect
    .poll(() => player.evaluate((element) => (element as HTMLMediaElement).currentTime), { timeout: 15_000 })
    .toBeGreaterThan(1);

  // A subtitle cue of the HLS subtitle rendition is shown.
  await expect
    .poll(
      () =>
        player.evaluate((element) => {
          const inner = (element as unknown as { media?: { nativeEl?: HTMLVideoElement } }).media?.nativeEl;
          const tracks = [...(inner ?? (element as unknown as HTMLVideoElement)).textTracks].filter(
            (track) => track.kind === 'subtitles' || track.kind === 'captions',
          );
          const english = tracks.find((track) => track.language.startsWith('en')) ?? tracks[0];
          if (!english) return '';
          if (english.mode !== 'showing') english.mode = 'showing';
          return [...(english.activeCues ?? [])].map((cue) => (cue as VTTCue).text).join(' ');
        }),
      { timeout: 15_000 },
    )
    .toMatch(/\w+/);

  // The statistic is sent at the 25% milestone and the server counts it.
  const saved = await statistic;
  const body = saved.request().postDataJSON() as {
    stage_day_lesson_set_lesson_id: number;
    viewed_seconds: number;
    day_status: string;
  };
  expect(saved.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  expect(body.viewed_seconds).toBeGreaterThan(0);
  expect(body.day_status).toBe(dayStatus);
  await expect
    .poll(() => lessonViewedSeconds(page.request, stream.id, body.stage_day_lesson_set_lesson_id))
    .toBeGreaterThan(0);

  expect(watched.violations).toEqual([]);
  const outside = watched.requests.filter((url) => !url.startsWith(`${APP}/`) && !/^(data|blob):/.test(url));
  expect(outside).toEqual([]);
  expect(watched.requests.some((url) => url.includes('/media/videos/') && url.endsWith('.m3u8'))).toBe(true);
});

test('finishing a day changes the calendar', async ({ page }) => {
  const stream = await openStream(page.request);
  await page.goto(`./course/${stream.id}/calendar/4`);
  await expect(page.getByRole('heading', { level: 1, name: 'Balance' })).toBeVisible();
  await expect(page.getByText('You started this day.')).toBeVisible();
  await expect(page.getByText('Repeat 3 times')).toBeVisible();
  // A finish that gets no answer says the server could not be reached, not that something went wrong.
  const finish = '**/user-day-status/*/finish*';
  await page.route(finish, (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Finish the day' }).click();
  await expect(
    page.getByText('Could not reach the server. Check your connection and try again.'),
  ).toBeVisible();
  await page.unroute(finish);
  // From the keyboard: the button goes with the finish, and the focus goes to the line that says so.
  await page.getByRole('button', { name: 'Finish the day' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'You finished this day.' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Finish the day' })).toHaveCount(0);

  // The way back leads to the page that holds this one, which is not the page shown.
  const back = page.getByRole('link', { name: 'Back to the calendar' });
  await expect(back).not.toHaveAttribute('aria-current');
  await back.click();
  const days = page.getByRole('listitem').filter({ hasText: /^Day \d/ });
  await expect(days.filter({ hasText: 'Day 4' })).toContainText('Done');

  // The menu's section links lead back to the last page of their section, else to its start page.
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await expect(sections.getByRole('link', { name: 'My courses' })).toHaveAttribute(
    'href',
    `/v/course/${stream.id}/calendar`,
  );
  await expect(sections.getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/v/chat');
});

test('the handbook opens from the materials as a drawn PDF whose text is read, at any width', async ({
  page,
}) => {
  const watched = await watchPage(page);
  const stream = await openStream(page.request);
  await page.goto(`./course/${stream.id}/calendar/1`);
  await page.getByRole('link', { name: 'Course materials' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Materials' })).toBeVisible();
  await expectNoSeriousViolations(page, 'materials');
  await page.getByRole('button', { name: 'Course handbook (PDF)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Course handbook (PDF)' });
  const firstPage = dialog.getByRole('group', { name: 'Page 1 of 2' });
  await expect(firstPage).toBeVisible({ timeout: 15_000 });
  // The page's text is in the page, in reading order, for screen readers, selection and search; the
  // canvas is only its picture.
  await expect(firstPage).toMatchAriaSnapshot(`
    - group "Page 1 of 2":
      - text: /Mindful Movement Welcome! This handbook goes with the video lessons of the course\\. Each day/
  `);
  await expect(dialog.getByRole('group', { name: 'Page 2 of 2' })).toContainText(
    '4. Mark the day as done in the app.',
  );
  const canvas = firstPage.locator('canvas');
  await expect(canvas).toHaveAttribute('aria-hidden', 'true');
  // Something was drawn: the canvas is not blank.
  await expect
    .poll(() =>
      canvas.evaluate((element) => {
        const drawn = element as HTMLCanvasElement;
        const data = drawn.getContext('2d')?.getImageData(0, 0, drawn.width, drawn.height).data ?? [];
        let dark = 0;
        for (let index = 0; index < data.length; index += 4) if ((data[index] ?? 255) < 128) dark += 1;
        return dark;
      }),
    )
    .toBeGreaterThan(0);
  // The text lies over the words it carries, as drawn at the dialog's width, and again when the
  // window narrows: the page shrinks into it and is drawn again at its new width, not stretched.
  const heading = firstPage.getByText('Mindful Movement', { exact: true });
  const pixelRatio = await page.evaluate(() => devicePixelRatio);
  for (const width of [1280, 480]) {
    await page.setViewportSize({ width, height: 720 });
    await expect
      .poll(async () => {
        const [shown, text] = [await canvas.boundingBox(), await heading.boundingBox()];
        if (!shown || !text) return 'not shown';
        const drawnWidth = await canvas.evaluate((element) => (element as HTMLCanvasElement).width);
        // The seed's heading: 22-point type, its baseline 72 points from the top and the left of an
        // A4 page, 595 points wide.
        const scale = shown.width / 595;
        const baseline = shown.y + 72 * scale;
        return {
          fits: shown.x + shown.width <= width,
          sharp: Math.abs(drawnWidth - shown.width * pixelRatio) < 2,
          over:
            Math.abs(text.x - (shown.x + 72 * scale)) < 2 &&
            text.y < baseline &&
            baseline < text.y + text.height &&
            Math.abs(text.height - 22 * scale) < 2,
        };
      })
      .toEqual({ fits: true, sharp: true, over: true });
  }
  const download = dialog.getByRole('link', { name: 'Download' });
  await expect(download).toHaveAttribute('href', /\/media\/files\/\d+\//);
  // From the keyboard: the pages are the next tab stop after the links, the keys scroll them to
  // the last page, and the links stay in sight above them.
  await download.focus();
  await page.keyboard.press('Tab');
  const pages = dialog.getByRole('region', { name: 'Pages of the document' });
  await expect(pages).toBeFocused();
  await page.keyboard.press('End');
  await expect(dialog.getByRole('group', { name: 'Page 2 of 2' })).toBeInViewport();
  await expect.poll(() => pages.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  await expect(download).toBeInViewport();
  expect(watched.violations).toEqual([]);
});

test('a web link among the materials opens in a new window, not in the viewer', async ({ page, context }) => {
  // The seed's link leads to another site: the test answers for it, so nothing leaves the machine.
  const guide = 'https://example.com/breathing-guide';
  await context.route(guide, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Breathing guide</title>' }),
  );
  const stream = await openStream(page.request);
  await page.goto(`./course/${stream.id}/materials`);
  const link = page.getByRole('link', { name: 'Breathing guide on the web (opens in a new window)' });
  await expect(link).toHaveAttribute('href', guide);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  const opened = context.waitForEvent('page');
  await link.click();
  await expect(await opened).toHaveURL(guide);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The handbook, a file, still opens in the viewer, an entry of the tab's history: Back closes it.
  const handbook = page.getByRole('button', { name: 'Course handbook (PDF)' });
  const viewer = page.getByRole('dialog', { name: 'Course handbook (PDF)' });
  await handbook.click();
  await expect(viewer).toBeVisible();
  await expect(page).toHaveURL(/\/materials\?viewer=open$/);
  await page.goBack();
  await expect(viewer).toBeHidden();
  await expect(page).toHaveURL(/\/materials$/);
  await expect(handbook).toBeFocused();
  // Its address alone does not say which document: Forward onto the entry steps back off it (an
  // address that names the viewer stops naming it: below).
  await page.goForward();
  await expect(page).toHaveURL(/\/materials$/);
  await expect(viewer).toBeHidden();
  // Closed by its own button, it takes that entry with it.
  await handbook.click();
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
  await expect(page).toHaveURL(/\/materials$/);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Materials' })).toBeHidden();
  await page.goto(`./course/${stream.id}/materials?viewer=open`);
  await expect(page.getByRole('heading', { level: 1, name: 'Materials' })).toBeVisible();
  await expect(page).toHaveURL(/\/materials$/);
});

test('a day of a stream whose access ended or stopped shows the access-ended page', async ({ page }) => {
  for (const [title, status] of [
    ['Running Form', 'ended'],
    ['Mobility Club', 'stopped'],
  ] as const) {
    const stream = await streamOf(page.request, title, status);
    await page.goto(`./course/${stream.id}/calendar/1`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ouch! You have run out of access :(' }),
    ).toBeVisible();
    await expect(page.getByText('Extend the course to resume access.')).toBeVisible();
    // The course is named, as its calendar's access-ended page names it.
    await expect(page.getByText(title, { exact: true })).toBeVisible();
    // The tab says what the page says, not the title of a day the learner cannot open.
    await expect(page).toHaveTitle(/^Ouch! You have run out of access :\( — /);
    await expectNoLessons(page);
    // The freeze path leads to the same page, and its dialog's name leaves the address: nothing to freeze.
    await page.goto(`./course/${stream.id}/freeze`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ouch! You have run out of access :(' }),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/course/${stream.id}/calendar$`));
  }
});

test.describe('a day opened by its address', () => {
  // A first service worker taking over asks again the reads made before it: none to count here.
  test.use({ serviceWorkers: 'block' });

  test("reads its stream before the signed-in pages' code has come, and each of the day's reads once", async ({
    page,
  }) => {
    const stream = await openStream(page.request);
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/spa/api/v1/')) calls.push(`${request.method()} ${pathname.slice(11)}`);
    });
    // The signed-in pages' chunk, which the day's screen and its machine need, comes late: the day
    // shows only after it, but its reads do not wait for it.
    let codeArrived = false;
    await page.route('**/assets/signed-in-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      codeArrived = true;
      await route.continue();
    });
    const streamRead = page.waitForRequest(
      (request) => new URL(request.url()).pathname === `/spa/api/v1/user-course-streams/${stream.id}`,
    );
    await page.goto(`./course/${stream.id}/calendar/1`);
    await streamRead;
    expect(codeArrived).toBe(false);
    await expect(page.getByRole('heading', { level: 1, name: 'Breathing basics' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    const count = (call: string) => calls.filter((made) => made === call).length;
    // The day and its download offer share one read of the stream, and of the course.
    expect(count(`GET /user-course-streams/${stream.id}`)).toBe(1);
    expect(count(`GET /user-course-streams/${stream.id}/status`)).toBe(1);
    expect(count(`GET /courses/${stream.course_id}/days`)).toBe(1);
    expect(count(`GET /courses/${stream.course_id}`)).toBe(1);
  });
});

test('a day that cannot be studied yet says so, and a demo keeps its lock', async ({ page }) => {
  for (const [title, status, dayNumber, dayTitle, opens] of [
    // Starting in five days: the date it opens, as the calendar's "Closed until" gives it.
    [
      'Evening Yoga',
      'not_started',
      1,
      'Slow down',
      /^This day is not open yet\. It opens on \d{2}\.\d{2}\.\d{4}\.$/,
    ],
    // Open for three days and an hour: the fifth day's opening delay (four days) ends within a
    // day, so it counts the hours, as the calendar does.
    [
      COURSE,
      'open',
      5,
      'Breath and posture together',
      /^This day is not open yet\. It opens in 2[23] hours\.$/,
    ],
  ] as const) {
    const stream = await streamOf(page.request, title, status);
    await page.goto(`./course/${stream.id}/calendar/${dayNumber}`);
    await expect(page.getByRole('heading', { level: 1, name: dayTitle })).toBeVisible();
    await expect(page.getByText(opens)).toBeVisible();
    await expectNoLessons(page);
  }

  // A frozen course's day says until when the freeze holds it, and when its days open again.
  const frozen = await streamOf(page.request, 'Core Strength', 'freeze');
  await page.goto(`./course/${frozen.id}/calendar/1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Plank' })).toBeVisible();
  await expect(
    page.getByText(
      /^The course is frozen until \d{2}\.\d{2}\.\d{4}\. Its days open again on \d{2}\.\d{2}\.\d{4}\.$/,
    ),
  ).toBeVisible();
  await expect(page.getByText('This day is not open yet.')).toHaveCount(0);
  await expectNoLessons(page);

  const demo = await streamOf(page.request, 'Desk Stretches', 'open', true);
  await page.goto(`./course/${demo.id}/calendar/2`);
  await expect(page.getByRole('heading', { level: 1, name: 'Wrists and hands' })).toBeVisible();
  await expect(
    page.getByText('This day is locked. It opens in the full version of the course.'),
  ).toBeVisible();
  await expectNoLessons(page);
  // The way to the full version.
  await page.getByRole('link', { name: 'Go to the catalog' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await page.goto(`./course/${demo.id}/calendar/1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Neck and shoulders' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start the day' })).toBeVisible();
});

type WireDay = {
  day_number: number;
  lesson_sets:
    | { lessons: { lesson: { title: string; local_video_file: { type: number } | null } }[] }[]
    | null;
};

/** Serves the course's days as the server sends them, with `change` made to the day of this number. */
async function changeDay(page: Page, dayNumber: number, change: (day: WireDay) => void) {
  await page.route(/\/spa\/api\/v1\/courses\/\d+\/days(\?|$)/, async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: WireDay[] };
    const day = body.data.find((item) => item.day_number === dayNumber);
    if (!day) throw new Error(`the course has no day ${dayNumber}`);
    change(day);
    await route.fulfill({ response: answer, json: body });
  });
}

test.describe('a day whose data the server sent wrong', () => {
  // The answers are rewritten in the page; a service worker's own reads would pass them by.
  test.use({ serviceWorkers: 'block' });

  test('a lesson whose video reference is not a video says so, and the day’s other lessons still play', async ({
    page,
  }) => {
    const stream = await openStream(page.request);
    let titles: string[] = [];
    await changeDay(page, 4, (day) => {
      const lessons = (day.lesson_sets ?? []).flatMap((set) => set.lessons);
      titles = lessons.map(({ lesson }) => lesson.title);
      const [first] = lessons;
      if (!first?.lesson.local_video_file || lessons.length < 2)
        throw new Error('day 4 has two lessons with videos');
      // A document where the video belongs: the spec ignores such a reference.
      first.lesson.local_video_file.type = 4;
    });
    await page.goto(`./course/${stream.id}/calendar/4`);
    const lessons = page.getByRole('article');
    await expect(lessons).toHaveCount(titles.length);
    await expect(lessons.first()).toContainText("This lesson's video is missing. Contact customer care.");
    await expect(lessons.first().getByRole('button', { name: /^Play/ })).toHaveCount(0);
    await expect(lessons.nth(1).getByRole('button', { name: /^Play/ }).first()).toBeVisible();
    await expect(page.getByText('The day is filled in incorrectly. Contact customer care.')).toHaveCount(0);
  });

  test('a day without lesson sets, or whose only lessons have no video, is filled in incorrectly', async ({
    page,
  }) => {
    const stream = await openStream(page.request);
    await changeDay(page, 4, (day) => {
      day.lesson_sets = null;
    });
    await page.goto(`./course/${stream.id}/calendar/4`);
    await expect(page.getByText('The day is filled in incorrectly. Contact customer care.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expectNoLessons(page);

    await page.unrouteAll();
    await changeDay(page, 4, (day) => {
      for (const { lesson } of (day.lesson_sets ?? []).flatMap((set) => set.lessons))
        lesson.local_video_file = null;
    });
    await page.reload();
    await expect(page.getByText('The day is filled in incorrectly. Contact customer care.')).toBeVisible();
    await expectNoLessons(page);
  });
});

test.describe('a material whose file the server does not have', () => {
  // The file's answer is rewritten in the page; a service worker's own fetch would pass it by.
  test.use({ serviceWorkers: 'block' });

  test('says the document is missing, and offers no link that would only lead to an error', async ({
    page,
  }) => {
    const stream = await openStream(page.request);
    await page.route(/\/media\/.*\.pdf$/, (route) =>
      route.fulfill({ status: 404, json: { success: false, message: 'Not found.' } }),
    );
    await page.goto(`./course/${stream.id}/materials`);
    await page.getByRole('button', { name: 'Course handbook (PDF)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Course handbook (PDF)' });
    await expect(dialog.getByText('This document is missing. Contact customer care.')).toBeVisible();
    await expect(dialog.getByRole('link')).toHaveCount(0);

    // A file that is there but is no PDF is still offered to open or download.
    await page.unrouteAll();
    await page.route(/\/media\/.*\.pdf$/, (route) =>
      route.fulfill({ status: 200, contentType: 'application/pdf', body: 'not a PDF' }),
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Course handbook (PDF)' }).click();
    await expect(
      dialog.getByText('The document could not be shown. Open it in a new window or download it.'),
    ).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Download' })).toBeVisible();
  });
});

test('a course or day that is not there is no place for the menu to lead back to', async ({ page }) => {
  const stream = await openStream(page.request);
  const myCourses = page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'My courses' });
  // Found missing once its data came (a day the course lacks, a stream not the learner's), and without
  // any data (a stream id that is not a number). Each load starts the history anew: the link would
  // lead back to the missing page itself.
  for (const missing of [
    `./course/${stream.id}/calendar/999`,
    './course/999999/calendar',
    './course/abc/calendar',
  ]) {
    await page.goto(missing);
    await expect(
      page.getByText(/This course has no (such day|day 999)|This course is not available/),
    ).toBeVisible();
    await expect(myCourses, missing).toHaveAttribute('href', '/v/courses');
  }
});

test('a rest day has nothing to start or finish', async ({ page }) => {
  const stream = await openStream(page.request);
  await page.goto(`./course/${stream.id}/calendar/3`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rest and recover' })).toBeVisible();
  await expect(page.getByText('A day of rest. Recover and come back tomorrow.')).toBeVisible();
  await expectNoLessons(page);
});

test('a course that is not the learner’s reads the same on its calendar, days and materials', async ({
  page,
}) => {
  // No stream has this id, and "abc" names none: the server is asked nothing for it.
  for (const path of [
    './course/999999/calendar',
    './course/abc/calendar',
    './course/999999/calendar/1',
    './course/999999/materials',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'This course is not available' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path.slice(1)}$`));
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expectNoLessons(page);
  }
  await page.getByRole('link', { name: 'Go to my courses' }).click();
  await expect(page.getByRole('heading', { name: 'My courses' })).toBeVisible();
});
