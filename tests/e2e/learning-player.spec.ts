import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { APP, createLearner, signIn } from './support/helpers';
import { expect, test } from './support/test';

/**
 * The lesson player's variants on the first day of the demo course: the vertical video below the
 * 828 px breakpoint (and the switch when the window crosses it), the faststart MP4 when the HLS
 * master cannot be loaded, resuming where the learner stopped, the lesson's description video, one
 * video playing at a time, and the player's controls on a touch screen; and starting and finishing
 * that day from the keyboard.
 * Each test signs up a learner of its own with a demo stream, so the viewed seconds other specs add
 * to the shared demo learner cannot move the resume position, nor a started day change its buttons.
 */

const API = `${APP}/spa/api/v1`;
const DEMO_SERVICE_ID = 498;
/** The demo lesson with a vertical and a description video, as authored and as the app shows it. */
const LESSON = 'Calm breathing (theory)';
const SHOWN_TITLE = 'Calm breathing';
/** The play button names the lesson with the part its heading shows, as the download control does. */
const PLAY = `Play: ${SHOWN_TITLE}, Theory`;

type VideoRef = { id: number; hls_playlist: string | null; mp4_playlist: string | null; duration: number };
type WireLesson = {
  id: number;
  title: string;
  local_video_file: VideoRef | null;
  local_description_video_file: VideoRef | null;
  vertical_video: VideoRef | null;
};
type WireDay = {
  id: number;
  lesson_sets: { lessons: { id: number; lesson: WireLesson }[] }[];
};

/** What a test needs of the first day: the learner's stream, the day, and its first lesson's ids. */
type FirstDay = { streamId: number; dayId: number; lessonSetLessonId: number; lesson: WireLesson };

const dataOf = async <T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
};

/**
 * A new learner enrolled in the demo course's demo (day 1 is open to it), signed in on the page; the
 * page's session cookie then carries the API calls of `page.request`. The enrolment goes first, with
 * a token of its own: signing in without a stream would make the app enrol the learner itself.
 */
async function learnerOnFirstDay(page: Page, label: string): Promise<FirstDay> {
  const account = await createLearner(page.request, label);
  const { token } = await dataOf<{ token: string }>(
    await page.request.post(`${API}/auth/login?lang=en`, { data: account }),
  );
  const stream = await dataOf<{ id: number; course_id: number }>(
    await page.request.post(`${API}/course-services/${DEMO_SERVICE_ID}/enrol-demo?lang=en`, {
      headers: { Authorization: `Bearer ${token}` },
    }),
  );
  await signIn(page, account);
  await expect(page).toHaveURL(/\/v\/home$/);
  const stages = await dataOf<{ id: number; days: number[] }[]>(
    await page.request.get(`${API}/courses/${stream.course_id}/stages`),
  );
  const stage = stages[0];
  const dayId = stage?.days[0];
  if (!stage || dayId === undefined) throw new Error('the demo course has no first day');
  const day = await dataOf<WireDay>(
    await page.request.get(`${API}/courses/${stream.course_id}/stages/${stage.id}/days/${dayId}`),
  );
  const item = day.lesson_sets.flatMap((set) => set.lessons).find(({ lesson }) => lesson.title === LESSON);
  if (!item) throw new Error(`the first day has no lesson "${LESSON}"`);
  return { streamId: stream.id, dayId, lessonSetLessonId: item.id, lesson: item.lesson };
}

/** A video reference the demo data must have for the test to mean anything. */
function required(
  video: VideoRef | null,
  what: string,
): VideoRef & { hls_playlist: string; mp4_playlist: string } {
  if (!video?.hls_playlist || !video.mp4_playlist) throw new Error(`the demo lesson has no ${what}`);
  return video as VideoRef & { hls_playlist: string; mp4_playlist: string };
}

async function openFirstDay(page: Page, streamId: number): Promise<Locator> {
  await page.goto(`./course/${streamId}/calendar/1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Breathing basics' })).toBeVisible();
  // The app shows the "(theory)" marker as the title's subtitle, in the interface's language.
  return page.getByRole('article', { name: /^Calm breathing, (Theory|Теория|Teoría)$/ });
}

/**
 * Records the first position the page's player reports once it moves (read by `firstPosition`): a
 * player that starts at 0 and plays on would pass a later check of currentTime, so the first
 * non-zero position is what counts. It is sampled every frame rather than taken from a media event,
 * which can be missed on its way out of the player's shadow DOM.
 */
const recordFirstPosition = (page: Page) =>
  page.evaluate(() => {
    const record = window as unknown as { firstPlayingAt?: number };
    record.firstPlayingAt = undefined;
    const sample = () => {
      const player = document.querySelector('mux-player') as unknown as { currentTime?: number } | null;
      const position = player?.currentTime ?? 0;
      if (position > 0) record.firstPlayingAt = position;
      else requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });

const firstPosition = (page: Page) =>
  page.evaluate(() => (window as unknown as { firstPlayingAt?: number }).firstPlayingAt);

/** The source Mux's element was given (the HLS master or the MP4 path). */
const playerSource = (player: Locator) =>
  player.evaluate((element) => new URL((element as unknown as { src: string }).src, location.href).pathname);

/** The video element inside Mux's element (CSS locators reach into its open shadow roots). */
const innerVideo = (player: Locator) => player.locator('video');

const currentTime = (player: Locator) =>
  innerVideo(player).evaluate((video) => (video as HTMLVideoElement).currentTime);

/** The decoded picture's orientation, which tells the vertical rendition from the horizontal one. */
const pictureShape = (player: Locator) =>
  innerVideo(player).evaluate((element) => {
    const video = element as HTMLVideoElement;
    if (!video.videoWidth || !video.videoHeight) return 'none';
    return video.videoHeight > video.videoWidth ? 'portrait' : 'landscape';
  });

/** Paths of the media requests the page made for one video folder. */
const folderRequests = (requests: string[], fileId: number) =>
  requests.map((url) => new URL(url).pathname).filter((path) => path.startsWith(`/media/videos/${fileId}/`));

function recordRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  return requests;
}

test('below 828 px the lesson plays its vertical video, at 1280 px the horizontal one, and a resize switches', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const first = await learnerOnFirstDay(page, 'vertical');
  const vertical = required(first.lesson.vertical_video, 'vertical video');
  const horizontal = required(first.lesson.local_video_file, 'video');
  expect(vertical.id).not.toBe(horizontal.id);
  const requests = recordRequests(page);

  const lesson = await openFirstDay(page, first.streamId);
  await lesson.getByRole('button', { name: PLAY, exact: true }).click();
  const player = lesson.locator('mux-player');
  await expect(player).toBeAttached();
  expect(await playerSource(player)).toBe(vertical.hls_playlist);
  await expect.poll(() => currentTime(player), { timeout: 15_000 }).toBeGreaterThan(0.5);
  expect(await pictureShape(player)).toBe('portrait');
  expect(folderRequests(requests, vertical.id)).toContain(vertical.hls_playlist);
  expect(folderRequests(requests, horizontal.id)).toEqual([]);

  // Crossing the breakpoint swaps the video under the same lesson; the learner keeps watching.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(() => playerSource(player)).toBe(horizontal.hls_playlist);
  await expect.poll(() => pictureShape(player), { timeout: 15_000 }).toBe('landscape');
  expect(folderRequests(requests, horizontal.id)).toContain(horizontal.hls_playlist);

  // A wide window from the start plays the horizontal video and never asks for the vertical one.
  const wide = await page.context().newPage();
  const wideRequests = recordRequests(wide);
  const wideLesson = await openFirstDay(wide, first.streamId);
  await wideLesson.getByRole('button', { name: PLAY, exact: true }).click();
  const widePlayer = wideLesson.locator('mux-player');
  await expect.poll(() => currentTime(widePlayer), { timeout: 15_000 }).toBeGreaterThan(0.5);
  expect(await playerSource(widePlayer)).toBe(horizontal.hls_playlist);
  expect(await pictureShape(widePlayer)).toBe('landscape');
  expect(folderRequests(wideRequests, vertical.id)).toEqual([]);
  await wide.close();
});

test('started from the keyboard, the lesson keeps the focus: its pause control takes it', async ({
  page,
}) => {
  const first = await learnerOnFirstDay(page, 'keyboard');
  const lesson = await openFirstDay(page, first.streamId);
  // The theory and the execution share their title: the part tells their play buttons apart.
  await expect(
    page.getByRole('button', { name: `Play: ${SHOWN_TITLE}, Execution`, exact: true }),
  ).toBeVisible();
  await lesson.getByRole('button', { name: PLAY, exact: true }).focus();
  await page.keyboard.press('Enter');
  const player = lesson.locator('mux-player');
  await expect.poll(() => currentTime(player), { timeout: 15_000 }).toBeGreaterThan(0.3);
  const focused = () =>
    page.evaluate(() => {
      let element = document.activeElement;
      while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
      return element?.tagName.toLowerCase();
    });
  expect(await focused()).toBe('media-play-button');
  await page.keyboard.press('Space');
  await expect.poll(() => player.evaluate((element) => (element as HTMLMediaElement).paused)).toBe(true);
});

test('when the HLS master cannot be loaded, the faststart MP4 plays', async ({ page }) => {
  const first = await learnerOnFirstDay(page, 'mp4');
  const horizontal = required(first.lesson.local_video_file, 'video');
  const requests = recordRequests(page);
  // Every HLS playlist fails as a broken server or proxy would make it fail. Routed on the context:
  // the page's requests pass through the app's service worker, which page routes do not see.
  await page.context().route('**/*.m3u8', (route) => route.fulfill({ status: 500, body: 'unavailable' }));

  const lesson = await openFirstDay(page, first.streamId);
  await lesson.getByRole('button', { name: PLAY, exact: true }).click();
  const player = lesson.locator('mux-player');
  await expect.poll(() => playerSource(player), { timeout: 15_000 }).toBe(horizontal.mp4_playlist);
  await expect.poll(() => currentTime(player), { timeout: 15_000 }).toBeGreaterThan(1);
  expect(
    await innerVideo(player).evaluate((video) => new URL((video as HTMLVideoElement).currentSrc).pathname),
  ).toBe(horizontal.mp4_playlist);
  const paths = folderRequests(requests, horizontal.id);
  expect(paths).toContain(horizontal.hls_playlist);
  expect(paths).toContain(horizontal.mp4_playlist);
  // The subtitles the HLS master would have carried come as text tracks of the MP4.
  expect(
    await innerVideo(player).evaluate((video) =>
      [...(video as HTMLVideoElement).textTracks]
        .filter((track) => track.kind === 'subtitles')
        .map((track) => track.language)
        .sort((a, b) => a.localeCompare(b)),
    ),
  ).toEqual(['en', 'es', 'ru']);
});

test('reopening the day resumes the lesson where the learner stopped', async ({ page }) => {
  const first = await learnerOnFirstDay(page, 'resume');
  const horizontal = required(first.lesson.local_video_file, 'video');
  // Within the video and short of its last seconds, so the player resumes rather than starting over.
  const viewedSeconds = 5;
  expect(horizontal.duration).toBeGreaterThan(viewedSeconds + 3);
  const saved = await page.request.post(`${API}/save-lesson-stat?lang=en`, {
    data: {
      stage_day_id: first.dayId,
      user_course_stream_id: first.streamId,
      stage_day_lesson_set_lesson_id: first.lessonSetLessonId,
      viewed_seconds: viewedSeconds,
      play_count: 1,
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);

  const lesson = await openFirstDay(page, first.streamId);
  await recordFirstPosition(page);
  await lesson.getByRole('button', { name: PLAY, exact: true }).click();
  await expect.poll(() => firstPosition(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(viewedSeconds - 1);
  const player = lesson.locator('mux-player');
  expect(await currentTime(player)).toBeGreaterThanOrEqual(viewedSeconds - 1);
});

test('back on the day, the lesson opens where the learner paused it', async ({ page }) => {
  const first = await learnerOnFirstDay(page, 'paused-at');
  const horizontal = required(first.lesson.local_video_file, 'video');
  let lesson = await openFirstDay(page, first.streamId);
  await lesson.getByRole('button', { name: PLAY, exact: true }).click();
  let player = lesson.locator('mux-player');
  await expect.poll(() => currentTime(player), { timeout: 15_000 }).toBeGreaterThan(3);
  await player.evaluate((element) => (element as HTMLMediaElement).pause());
  const pausedAt = Math.floor(await currentTime(player));
  // Short of the last seconds, where the lesson would start over instead.
  expect(horizontal.duration).toBeGreaterThan(pausedAt + 3);

  await page.getByRole('link', { name: 'Back to the calendar' }).click();
  await page.getByRole('link', { name: /Day 1/ }).click();
  lesson = page.getByRole('article', { name: /^Calm breathing, Theory$/ });
  await recordFirstPosition(page);
  await lesson.getByRole('button', { name: PLAY, exact: true }).click();
  player = lesson.locator('mux-player');
  await expect.poll(() => firstPosition(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(pausedAt - 0.5);
});

test('a lesson with a description video offers it and plays it', async ({ page }) => {
  const first = await learnerOnFirstDay(page, 'description');
  const description = required(first.lesson.local_description_video_file, 'description video');
  const requests = recordRequests(page);

  const lesson = await openFirstDay(page, first.streamId);
  const toggle = lesson.getByRole('button', { name: 'Show the description' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const hide = lesson.getByRole('button', { name: 'Hide the description' });
  await expect(hide).toHaveAttribute('aria-expanded', 'true');
  // The video shown is named on screen as the lesson's description, in the region the button controls.
  const shown = lesson.getByRole('region', { name: 'Description of the lesson' });
  await expect(shown.getByRole('heading', { level: 3, name: 'Description of the lesson' })).toBeVisible();
  expect(await shown.getAttribute('id')).toBe(await hide.getAttribute('aria-controls'));
  await lesson
    .getByRole('button', { name: `Play: Description: ${SHOWN_TITLE}, Theory`, exact: true })
    .click();
  const player = lesson.locator('.lesson__description mux-player');
  await expect(player).toBeAttached();
  expect(await playerSource(player)).toBe(description.hls_playlist);
  await expect.poll(() => currentTime(player), { timeout: 15_000 }).toBeGreaterThan(1);
  expect(folderRequests(requests, description.id)).toContain(description.hls_playlist);
  // Only the description plays: the lesson's own video is still its poster.
  await expect(lesson.locator('mux-player')).toHaveCount(1);
  await expect(lesson.getByRole('button', { name: PLAY, exact: true })).toBeVisible();
});

test('starting a lesson pauses the one playing, and its lesson takes that as its pause', async ({ page }) => {
  const first = await learnerOnFirstDay(page, 'one-at-a-time');
  const theory = await openFirstDay(page, first.streamId);
  const execution = page.getByRole('article', { name: /^Calm breathing, Execution$/ });
  const theoryPlayer = theory.locator('.lesson__player mux-player');
  const executionPlayer = execution.locator('.lesson__player mux-player');
  const paused = (player: Locator) => player.evaluate((element) => (element as HTMLMediaElement).paused);
  const ended = (player: Locator) => player.evaluate((element) => (element as HTMLMediaElement).ended);
  /** Where the lesson machine kept the lesson at its pause (`lessonPositions`), in seconds. */
  const keptPosition = () =>
    page.evaluate(
      (key) => (JSON.parse(localStorage.getItem('lesson-positions') ?? '{}') as Record<string, number>)[key],
      `${first.streamId}:${first.lessonSetLessonId}`,
    );

  await theory.getByRole('button', { name: PLAY, exact: true }).click();
  await expect.poll(() => currentTime(theoryPlayer), { timeout: 15_000 }).toBeGreaterThan(1);
  expect(await keptPosition()).toBeUndefined();

  await execution.getByRole('button', { name: `Play: ${SHOWN_TITLE}, Execution`, exact: true }).click();
  await expect.poll(() => currentTime(executionPlayer), { timeout: 15_000 }).toBeGreaterThan(0.5);
  expect(await paused(executionPlayer)).toBe(false);
  // Paused by the start of the other, well before its own end.
  expect(await paused(theoryPlayer)).toBe(true);
  expect(await ended(theoryPlayer)).toBe(false);
  const pausedAt = await currentTime(theoryPlayer);
  await expect.poll(keptPosition).toBe(Math.floor(pausedAt));

  // The description video is a player of its own: starting it pauses the lesson playing.
  await theory.getByRole('button', { name: 'Show the description' }).click();
  await theory
    .getByRole('button', { name: `Play: Description: ${SHOWN_TITLE}, Theory`, exact: true })
    .click();
  const descriptionPlayer = theory.locator('.lesson__description mux-player');
  await expect.poll(() => currentTime(descriptionPlayer), { timeout: 15_000 }).toBeGreaterThan(0.5);
  expect(await paused(executionPlayer)).toBe(true);
  expect(await ended(executionPlayer)).toBe(false);
  expect(await paused(theoryPlayer)).toBe(true);
  expect(await currentTime(theoryPlayer)).toBe(pausedAt);
});

test('from the keyboard, starting a day hands the focus to finishing it, and finishing to the line that says so', async ({
  page,
}) => {
  // A learner of their own: the shared demo learner's days stay as they are.
  const first = await learnerOnFirstDay(page, 'start-focus');
  await openFirstDay(page, first.streamId);
  await page.getByRole('button', { name: 'Start the day' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('You started this day.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finish the day' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'You finished this day.' })).toBeFocused();
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test("the player's controls grow for a finger", async ({ page }) => {
    const first = await learnerOnFirstDay(page, 'player-touch');
    const lesson = await openFirstDay(page, first.streamId);
    await lesson.getByRole('button', { name: PLAY, exact: true }).click();
    const player = lesson.locator('mux-player');
    await expect.poll(() => currentTime(player), { timeout: 15_000 }).toBeGreaterThan(0.5);
    await player.tap();
    // The theme's buttons are 30 x 26 px and its seek bar a 10 px strip: sizes for a mouse.
    const sizes = (selector: string) =>
      player.locator(selector).evaluateAll((elements) =>
        elements
          .map((element) => element.getBoundingClientRect())
          .filter((box) => box.width > 0)
          .map((box) => ({ width: Math.round(box.width), height: Math.round(box.height) })),
      );
    const buttons = await sizes('media-control-bar [role="button"]');
    expect(buttons.length).toBeGreaterThanOrEqual(4);
    for (const box of buttons) expect(box).toMatchObject({ height: 32 });
    for (const box of buttons) expect(box.width).toBeGreaterThanOrEqual(32);
    expect(await sizes('media-time-range')).toEqual([expect.objectContaining({ height: 24 })]);
  });
});

test.describe('the player speaks the interface language', () => {
  // An English browser: whatever else the player shows comes from the interface language.
  test.use({ locale: 'en-US' });

  /** The language the app starts in at the next page load, stored as the language menu stores it. */
  const chooseInterfaceLanguage = (page: Page, language: 'en' | 'ru' | 'es') =>
    page.evaluate((chosen) => localStorage.setItem('lp_language', chosen), language);

  /** Opens the first day and starts its lesson with the play button named in the interface language. */
  async function playLesson(page: Page, streamId: number, play: string, theory: string): Promise<Locator> {
    const lesson = await openFirstDay(page, streamId);
    await lesson.getByRole('button', { name: `${play}: ${SHOWN_TITLE}, ${theory}`, exact: true }).click();
    const player = lesson.locator('mux-player');
    await expect.poll(() => currentTime(player), { timeout: 15_000 }).toBeGreaterThan(0.5);
    return player;
  }

  /** The language of the subtitles the player shows (null when none). */
  const shownSubtitles = (player: Locator) =>
    innerVideo(player).evaluate(
      (video) =>
        [...(video as HTMLVideoElement).textTracks].find((track) => track.mode === 'showing')?.language ??
        null,
    );

  test('a Spanish interface shows Spanish subtitles and "Pausar", a Russian one Russian subtitles and "Пауза"', async ({
    page,
  }) => {
    const first = await learnerOnFirstDay(page, 'player-languages');
    await chooseInterfaceLanguage(page, 'es');
    let player = await playLesson(page, first.streamId, 'Reproducir', 'Teoría');
    // Read while the short video plays: once it ends, the button offers to play again.
    await expect(player.getByRole('button', { name: /^pausar$/i }).first()).toBeAttached();
    await expect.poll(() => shownSubtitles(player), { timeout: 15_000 }).toBe('es');

    await chooseInterfaceLanguage(page, 'ru');
    player = await playLesson(page, first.streamId, 'Смотреть', 'Теория');
    await expect(player.getByRole('button', { name: /^пауза$/i }).first()).toBeAttached();
    await expect.poll(() => shownSubtitles(player), { timeout: 15_000 }).toBe('ru');
    // A submenu's way back too (shown where the settings menu holds the others), which media-chrome
    // leaves out of its dictionaries.
    await player.getByRole('button', { name: 'качество' }).click();
    await expect(player.locator('media-rendition-menu button[part~="back"]')).toHaveAttribute(
      'aria-label',
      'Назад к предыдущему меню',
    );
  });

  test("subtitles picked in the player's menu stay after a reload, whatever the interface language", async ({
    page,
  }) => {
    const first = await learnerOnFirstDay(page, 'player-subtitles-pick');
    await chooseInterfaceLanguage(page, 'es');
    let player = await playLesson(page, first.streamId, 'Reproducir', 'Teoría');
    await expect.poll(() => shownSubtitles(player), { timeout: 15_000 }).toBe('es');

    await player.getByRole('button', { name: 'subtítulos' }).click();
    await player.getByRole('menuitemradio', { name: 'Русский' }).click();
    await expect.poll(() => shownSubtitles(player)).toBe('ru');

    await page.reload();
    player = await playLesson(page, first.streamId, 'Reproducir', 'Teoría');
    await expect.poll(() => shownSubtitles(player), { timeout: 15_000 }).toBe('ru');
  });
});
