import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { writeCourse } from '../../server/authoring/course-writer';
import { enrol } from '../../server/authoring/enrolment';
import { courses, courseVersions, lessonSetLessons, lessonSets } from '../../server/db/schema';
import { type Account, apiClient } from './client';
import { serverForFile } from './harness';
import { createLearningFixture, type LearningFixture } from './learning-fixture';
import { snapshot } from './table-snapshot';

const { server, api } = serverForFile();

/** The learner with two courses, and a second learner with a course of their own. */
let learner: Account;
let course: LearningFixture;
let secondCourse: LearningFixture;
let other: Account;
let othersCourse: LearningFixture;

beforeAll(async () => {
  learner = await api.signUp('course-learner');
  other = await api.signUp('course-other');
  course = await createLearningFixture(server.db, { userId: learner.id, label: 'Alpha' });
  secondCourse = await createLearningFixture(server.db, { userId: learner.id, label: 'Beta', isDemo: true });
  othersCourse = await createLearningFixture(server.db, { userId: other.id, label: 'Gamma' });
});

const asLearner = () => ({ token: learner.token });
const stagePath = (f: LearningFixture, stage = 0) => `/courses/${f.courseId}/stages/${f.stageIds[stage]}`;
const BAD_IDS = ['0', '01', '-1', '2147483648', 'x', '1%00'];

/** Both API bases answer the same. */
const bases = () => [api, apiClient(`${server.url}/spa/v2`)];

const videoFolder = (id: number) => `/media/videos/${id}`;

/** How many queries the server starts while answering `path` (the server shares this process's database object). */
async function queriesFor(path: string, token: string): Promise<number> {
  const selects = vi.spyOn(server.db, 'select');
  const counts = vi.spyOn(server.db, '$count');
  try {
    expect((await api.get(path, { token })).status).toBe(200);
    return selects.mock.calls.length + counts.mock.calls.length;
  } finally {
    selects.mockRestore();
    counts.mockRestore();
  }
}

describe('GET /courses', () => {
  it("lists only the courses of the learner's streams, with the paging headers", async () => {
    for (const client of bases()) {
      const all = await client.get('/courses', asLearner());
      expect(all.status).toBe(200);
      expect(all.body.data.map((c: { id: number }) => c.id)).toEqual([
        course.courseId,
        secondCourse.courseId,
      ]);
      expect(all.headers.get('x-pagination-total-count')).toBe('2');
      expect(all.headers.get('x-pagination-per-page')).toBe('20');

      const second = await client.get('/courses?per-page=1&page=2', asLearner());
      expect(second.body.data.map((c: { id: number }) => c.id)).toEqual([secondCourse.courseId]);
      expect(second.headers.get('x-pagination-current-page')).toBe('2');
      expect(second.headers.get('x-pagination-page-count')).toBe('2');
      expect(second.headers.get('x-pagination-per-page')).toBe('1');
    }
    const theirs = await api.get('/courses', { token: other.token });
    expect(theirs.body.data.map((c: { id: number }) => c.id)).toEqual([othersCourse.courseId]);
  });

  it('answers the course fields, and the expanded parts only when asked', async () => {
    const plain = await api.get('/courses', asLearner());
    const [alpha] = plain.body.data;
    expect(alpha).toEqual({
      id: course.courseId,
      title: 'Alpha strength course',
      title_short: 'Alpha strength',
      description_short: 'Alpha: six weeks of strength',
      category: 'Fitness',
      category_id: 3,
      complexity: 2,
      consultation_limit: 5,
      main_image: {
        id: course.media.image,
        type: 2,
        name: 'Alpha cover.jpg',
        url: `/media/files/${course.media.image}/Alpha%20cover.jpg`,
        mime_type: 'image/jpeg',
        size_bytes: 20_000,
        urls: {
          small: `/media/files/${course.media.image}/Alpha%20cover.jpg`,
          medium: `/media/files/${course.media.image}/Alpha%20cover.jpg`,
          large: `/media/files/${course.media.image}/Alpha%20cover.jpg`,
        },
        created_at: expect.any(Number),
        updated_at: expect.any(Number),
      },
      background_image: null,
      demo_video_file_id: course.media.video,
      version: 2,
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
      is_demo_documents_accessible: 1,
      is_demo_expert_message_enabled: 1,
      is_demo_user_message_enabled: 1,
      is_demo_offline_mode_accessible: 0,
      training_options: [],
    });
    expect(Math.abs(alpha.created_at - Date.now() / 1000)).toBeLessThan(600);

    const expanded = await api.get('/courses?expand=documents,stages,lessons', asLearner());
    const [full] = expanded.body.data;
    expect(full.stages.map((s: { id: number; days: number[] }) => [s.id, s.days])).toEqual([
      [course.stageIds[0], [course.days[0].id, course.days[1].id]],
      [course.stageIds[1], [course.days[2].id]],
    ]);
    expect(full.lesson_ids).toHaveLength(4);
    expect(full.documents.map((d: { title: string }) => d.title)).toEqual(['Alpha guide', 'Alpha website']);
  });

  it('ignores unknown expand names', async () => {
    const result = await api.get('/courses?expand=documents,homeworks,,%20stages%20', asLearner());
    expect(result.status).toBe(200);
    const [alpha] = result.body.data;
    expect(alpha).toHaveProperty('documents');
    expect(alpha).toHaveProperty('stages');
    expect(alpha).not.toHaveProperty('lesson_ids');
    expect(alpha).not.toHaveProperty('homeworks');
  });

  it('refuses a control character in expand rather than dropping the name it is in, in the user’s language', async () => {
    const { courseId } = course;
    for (const path of [
      '/courses?expand=%00',
      `/courses/${courseId}?expand=stages%00`,
      '/courses?expand=lessons%0A',
    ]) {
      const english = await api.get(path, asLearner());
      expect(english.status, path).toBe(422);
      expect(english.body.errors, path).toEqual({
        expand: [
          expect.stringMatching(
            /^(Must not contain control characters\.|Contains characters that cannot be saved\.)$/,
          ),
        ],
      });
    }
    const spanish = await api.get(`/courses/${courseId}?expand=stages%01&lang=es`, asLearner());
    expect(spanish.status).toBe(422);
    expect(spanish.body.errors).toEqual({ expand: ['No debe contener caracteres de control.'] });
  });

  it('answers an empty page to a learner without streams, and 401 without a session', async () => {
    const newcomer = await api.signUp('course-newcomer');
    const result = await api.get('/courses', { token: newcomer.token });
    expect(result.body.data).toEqual([]);
    expect(result.headers.get('x-pagination-page-count')).toBe('0');
    expect((await api.get('/courses')).status).toBe(401);
  });
});

describe('GET /courses/{id}', () => {
  it('answers one course with its documents: only those with a url or a file, in order', async () => {
    for (const client of bases()) {
      const result = await client.get(`/courses/${course.courseId}?expand=documents`, asLearner());
      expect(result.status).toBe(200);
      expect(result.body.data).not.toHaveProperty('stages');
      expect(result.body.data.documents).toEqual([
        {
          id: expect.any(Number),
          title: 'Alpha guide',
          url: null,
          file: {
            id: course.media.pdf,
            type: 4,
            name: 'Alpha guide #1.pdf',
            url: `/media/files/${course.media.pdf}/Alpha%20guide%20%231.pdf`,
            mime_type: 'application/pdf',
            size_bytes: 80_000,
            urls: null,
            created_at: expect.any(Number),
            updated_at: expect.any(Number),
          },
          sort: 1,
        },
        {
          id: expect.any(Number),
          title: 'Alpha website',
          url: 'https://example.com/guide',
          file: null,
          sort: 2,
        },
      ]);
    }
  });

  it('answers a demo stream’s course like any other', async () => {
    const result = await api.get(`/courses/${secondCourse.courseId}?expand=lessons`, asLearner());
    expect(result.status).toBe(200);
    expect(result.body.data.title).toBe('Beta strength course');
    expect(result.body.data.lesson_ids).toHaveLength(4);
  });

  it("answers 404 for another learner's course and a missing one, changing nothing", async () => {
    const before = await snapshot(server.db);
    for (const client of bases()) {
      for (const id of [othersCourse.courseId, 2_147_483_647]) {
        const result = await client.get(`/courses/${id}?expand=documents,stages,lessons`, asLearner());
        expect(result.status).toBe(404);
        expect(result.body).toEqual({ success: false, message: 'Not found.' });
        expect(JSON.stringify(result.body)).not.toContain('Gamma');
      }
    }
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('answers 422 "courseId must be set" to an id that is not 1..2147483647, in the request language', async () => {
    for (const id of BAD_IDS) {
      const result = await api.get(`/courses/${id}`, asLearner());
      expect(result.status, id).toBe(422);
      expect(result.body.errors).toEqual({ courseId: ['courseId must be set'] });
    }
    const russian = await api.get('/courses/0?lang=ru', asLearner());
    expect(russian.body.errors).toEqual({ courseId: ['Не задан courseId'] });
  });
});

describe('GET /courses/versions', () => {
  it("lists the versions of the learner's courses with their support flag", async () => {
    await server.db.insert(courseVersions).values({ courseId: course.courseId, version: 1, isSupported: 0 });
    for (const client of bases()) {
      const result = await client.get('/courses/versions', asLearner());
      expect(result.status).toBe(200);
      expect(result.body.data).toEqual([
        { course_id: course.courseId, version: 1, is_supported: 0 },
        { course_id: course.courseId, version: 2, is_supported: 1 },
        { course_id: secondCourse.courseId, version: 2, is_supported: 1 },
      ]);
    }
    const theirs = await api.get('/courses/versions', { token: other.token });
    expect(theirs.body.data).toEqual([{ course_id: othersCourse.courseId, version: 2, is_supported: 1 }]);
  });
});

describe('GET /courses/{courseId}/stages', () => {
  it('lists the stages by sort with their day ids by day number', async () => {
    for (const client of bases()) {
      const result = await client.get(`/courses/${course.courseId}/stages`, asLearner());
      expect(result.status).toBe(200);
      expect(result.body.data).toEqual([
        {
          id: course.stageIds[0],
          course_id: course.courseId,
          title: 'Alpha Foundations',
          sort: 1,
          days: [course.days[0].id, course.days[1].id],
          course_stage_homeworks: [],
        },
        {
          id: course.stageIds[1],
          course_id: course.courseId,
          title: 'Alpha Progress',
          sort: 2,
          days: [course.days[2].id],
          course_stage_homeworks: [],
        },
      ]);
    }
  });

  it("answers 404 for another learner's course and 422 for a bad course id", async () => {
    const before = await snapshot(server.db);
    expect((await api.get(`/courses/${othersCourse.courseId}/stages`, asLearner())).status).toBe(404);
    for (const id of BAD_IDS) {
      const result = await api.get(`/courses/${id}/stages`, asLearner());
      expect(result.status, id).toBe(422);
      expect(result.body.errors).toEqual({ courseId: ['courseId must be set'] });
    }
    expect(await snapshot(server.db)).toEqual(before);
  });
});

describe('GET /courses/{courseId}/stages/{stageId}/days', () => {
  it('lists the days with their sets, lessons and video references', async () => {
    for (const client of bases()) {
      const result = await client.get(`${stagePath(course)}/days`, asLearner());
      expect(result.status).toBe(200);
      const [warmUp, rest] = result.body.data;
      expect(result.body.data).toHaveLength(2);
      const [day1] = course.days;
      expect(warmUp).toMatchObject({
        id: day1.id,
        stage_id: course.stageIds[0],
        day_number: 1,
        title: 'Alpha Warm-up',
        description_short: 'Easy start',
        day_of_rest: 0,
        opening_delay: 0,
        finish_total_time: 600,
        required_to_complete: 1,
        // A day goes through once unless the course says otherwise.
        repeat_count: 1,
        is_demo_accessible: true,
        training_options: [],
        scores: 0,
        stage_day_homeworks: [],
        banners: [],
      });
      const [firstSet, secondSet] = warmUp.lesson_sets;
      expect(firstSet).toMatchObject({
        sort: 1,
        repeat_count: 2,
        user_repeat_range_from: 1,
        user_repeat_range_to: 3,
      });
      expect(secondSet).toMatchObject({
        sort: 2,
        repeat_count: 1,
        user_repeat_range_from: null,
        user_repeat_range_to: null,
      });
      expect(
        warmUp.lesson_sets.flatMap((set: { lessons: { id: number }[] }) => set.lessons.map((l) => l.id)),
      ).toEqual(day1.lessonSetLessonIds);
      expect(
        firstSet.lessons.map((l: { sort: number; lesson: { title: string } }) => [l.sort, l.lesson.title]),
      ).toEqual([
        [1, 'Squats (execution)'],
        [2, 'Squats (theory)'],
      ]);

      const execution = firstSet.lessons[0].lesson;
      const video = videoFolder(course.media.video);
      expect(execution).toEqual({
        id: expect.any(Number),
        title: 'Squats (execution)',
        video_length: 125,
        training_options: [],
        local_video_file: {
          id: course.media.video,
          type: 1,
          name: 'Alpha squats.mp4',
          created_at: expect.any(Number),
          updated_at: expect.any(Number),
          duration: 125,
          size_bytes: 2_250_800,
          url: `${video}/video.mp4`,
          hls_playlist: `${video}/master.m3u8`,
          mp4_playlist: `${video}/video.mp4`,
          preview: `${video}/poster.jpg`,
          mp4_size_bytes: 1_000_000,
          preview_size_bytes: 50_000,
          subtitles: [
            { language_code: 'en', name: 'English', link: `${video}/subtitles/en.vtt`, size_bytes: 320 },
            { language_code: 'es', name: 'Español', link: `${video}/subtitles/es.vtt`, size_bytes: 320 },
          ],
          survey_form_url: null,
          image_url: null,
        },
        local_description_video_file: null,
        vertical_video: expect.objectContaining({
          id: course.media.verticalVideo,
          duration: 118,
          hls_playlist: `${videoFolder(course.media.verticalVideo)}/master.m3u8`,
          subtitles: [],
        }),
        vertical_description_video: null,
      });

      expect(rest).toMatchObject({
        id: course.days[1].id,
        day_number: 2,
        day_of_rest: 1,
        required_to_complete: 0,
        is_demo_accessible: false,
        lesson_sets: [],
      });
    }
  });

  it('sends a reference that is not a video with its own url and the video fields null', async () => {
    const result = await api.get(`${stagePath(course)}/days`, asLearner());
    const theory = result.body.data[0].lesson_sets[0].lessons[1].lesson;
    expect(theory.local_video_file).toEqual({
      id: course.media.image,
      type: 2,
      name: 'Alpha cover.jpg',
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
      duration: null,
      size_bytes: 20_000,
      url: `/media/files/${course.media.image}/Alpha%20cover.jpg`,
      hls_playlist: null,
      mp4_playlist: null,
      preview: null,
      mp4_size_bytes: null,
      preview_size_bytes: null,
      subtitles: [],
      survey_form_url: null,
      image_url: null,
    });
  });

  it('orders sets and lessons by their sort, not by when they were written', async () => {
    const [day1] = secondCourse.days;
    const sets = await server.db.select().from(lessonSets).where(eq(lessonSets.dayId, day1.id));
    const [first, second] = sets.sort((a, b) => a.sort - b.sort);
    if (!first || !second) throw new Error('the fixture day has two sets');
    await server.db.update(lessonSets).set({ sort: 5 }).where(eq(lessonSets.id, first.id));
    const [firstLink, secondLink] = day1.lessonSetLessonIds;
    if (firstLink === undefined || secondLink === undefined) throw new Error('the first set has two lessons');
    await server.db.update(lessonSetLessons).set({ sort: 9 }).where(eq(lessonSetLessons.id, firstLink));

    const result = await api.get(`${stagePath(secondCourse)}/days`, asLearner());
    const [warmUp] = result.body.data;
    expect(warmUp.lesson_sets.map((set: { id: number }) => set.id)).toEqual([second.id, first.id]);
    expect(warmUp.lesson_sets[1].lessons.map((l: { id: number }) => l.id)).toEqual([secondLink, firstLink]);
  });

  it('answers the days of the second stage with their opening delay and repeat count', async () => {
    for (const client of bases()) {
      const result = await client.get(`${stagePath(course, 1)}/days`, asLearner());
      expect(result.body.data).toHaveLength(1);
      expect(result.body.data[0]).toMatchObject({
        id: course.days[2].id,
        day_number: 3,
        opening_delay: 172_800,
        // The day's own count, beside its set's; the day's time is not multiplied by it.
        repeat_count: 4,
        finish_total_time: 300,
        lesson_sets: [{ repeat_count: 3, lessons: [{ lesson: { title: 'Lunges (analysis)' } }] }],
      });
    }
  });

  it("answers 404 for another learner's stage, a stage of another course, and 422 for bad ids", async () => {
    const before = await snapshot(server.db);
    const refused = [
      `${stagePath(othersCourse)}/days`,
      // The learner's own course with another course's stage, and the other way round.
      `/courses/${course.courseId}/stages/${othersCourse.stageIds[0]}/days`,
      `/courses/${course.courseId}/stages/${secondCourse.stageIds[0]}/days`,
      `/courses/${othersCourse.courseId}/stages/${course.stageIds[0]}/days`,
      `/courses/${course.courseId}/stages/2147483647/days`,
    ];
    for (const path of refused) expect((await api.get(path, asLearner())).status, path).toBe(404);
    for (const id of BAD_IDS) {
      const stage = await api.get(`/courses/${course.courseId}/stages/${id}/days`, asLearner());
      expect(stage.status, id).toBe(422);
      expect(stage.body.errors).toEqual({ stageId: ['Id must be set'] });
      const both = await api.get(`/courses/${id}/stages/${id}/days`, asLearner());
      expect(both.body.errors).toEqual({ courseId: ['courseId must be set'], stageId: ['Id must be set'] });
    }
    expect(await snapshot(server.db)).toEqual(before);
  });
});

describe('GET /courses/{courseId}/days', () => {
  it("answers every stage's days in one list by day number, each day as its stage's call answers it", async () => {
    for (const client of bases()) {
      const all = await client.get(`/courses/${course.courseId}/days`, asLearner());
      expect(all.status).toBe(200);
      const byStage = [];
      for (const index of course.stageIds.keys()) {
        byStage.push(...(await client.get(`${stagePath(course, index)}/days`, asLearner())).body.data);
      }
      expect(all.body.data).toEqual(byStage);
      expect(all.body.data.map((day: { id: number }) => day.id)).toEqual(course.days.map((day) => day.id));
      expect(all.body.data.map((day: { stage_id: number }) => day.stage_id)).toEqual([
        course.stageIds[0],
        course.stageIds[0],
        course.stageIds[1],
      ]);
    }
  });

  it("answers 404 for another learner's course and 422 for bad ids, changing nothing", async () => {
    const before = await snapshot(server.db);
    for (const path of [`/courses/${othersCourse.courseId}/days`, '/courses/2147483647/days']) {
      expect((await api.get(path, asLearner())).status, path).toBe(404);
    }
    expect((await api.get(`/courses/${course.courseId}/days`)).status).toBe(401);
    for (const id of BAD_IDS) {
      const result = await api.get(`/courses/${id}/days`, asLearner());
      expect(result.status, id).toBe(422);
      expect(result.body.errors).toEqual({ courseId: ['courseId must be set'] });
    }
    expect(await snapshot(server.db)).toEqual(before);
  });
});

describe('GET /courses/{courseId}/stages/{stageId}/days/{dayId}', () => {
  it('answers one day as the list does', async () => {
    const list = await api.get(`${stagePath(course)}/days`, asLearner());
    for (const client of bases()) {
      const result = await client.get(`${stagePath(course)}/days/${course.days[0].id}`, asLearner());
      expect(result.status).toBe(200);
      expect(result.body.data).toEqual(list.body.data[0]);
    }
  });

  it('answers a day with its own repeat count under both bases', async () => {
    for (const client of bases()) {
      const result = await client.get(`${stagePath(course, 1)}/days/${course.days[2].id}`, asLearner());
      expect(result.status).toBe(200);
      expect(result.body.data).toMatchObject({
        id: course.days[2].id,
        repeat_count: 4,
        finish_total_time: 300,
      });
    }
  });

  it("answers 404 for another learner's day, a day of another stage, and 422 for bad ids", async () => {
    const before = await snapshot(server.db);
    const refused = [
      `${stagePath(othersCourse)}/days/${othersCourse.days[0].id}`,
      `${stagePath(course)}/days/${othersCourse.days[0].id}`,
      // Day 3 belongs to the second stage.
      `${stagePath(course)}/days/${course.days[2].id}`,
      `${stagePath(course)}/days/2147483647`,
    ];
    for (const path of refused) expect((await api.get(path, asLearner())).status, path).toBe(404);
    for (const id of BAD_IDS) {
      const result = await api.get(`${stagePath(course)}/days/${id}`, asLearner());
      expect(result.status, id).toBe(422);
      expect(result.body.errors).toEqual({ dayId: ['Id must be set'] });
    }
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('logged no unexpected server error', () => {
    expect(server.errors).toEqual([]);
  });
});

describe('the number of queries an answer takes', () => {
  it('does not grow with the number of courses, days, sets or lessons', async () => {
    const expand = '?expand=documents,stages,lessons';
    // Two courses for the learner, one for the other learner.
    expect(await queriesFor(`/courses${expand}`, learner.token)).toBe(
      await queriesFor(`/courses${expand}`, other.token),
    );

    const long = await writeCourse(server.db, {
      title: 'Ten days',
      stages: [
        {
          title: 'Long stage',
          days: Array.from({ length: 10 }, (_, index) => ({
            title: `Day ${index + 1}`,
            lessonSets: [1, 2].map(() => ({
              lessons: [1, 2, 3].map((n) => ({ title: `Lesson ${n}`, localVideoFileId: course.media.video })),
            })),
          })),
        },
      ],
    });
    await enrol(server.db, {
      userId: learner.id,
      courseId: long.courseId,
      startDate: new Date(),
      endDate: null,
    });
    const tenDaysPath = `/courses/${long.courseId}/stages/${long.stageIds[0]}/days`;
    const tenDays = await queriesFor(tenDaysPath, learner.token);
    // The spy sees the handler's queries: access, days, sets, lessons, media at least.
    expect(tenDays).toBeGreaterThanOrEqual(5);
    // The fixture's second stage has one day with one set of one lesson. Asked before in this file,
    // its days are remembered: the course written again makes the server read them afresh.
    await server.db
      .update(courses)
      .set({ updatedAt: new Date(Date.now() + 1000) })
      .where(eq(courses.id, course.courseId));
    expect(tenDays).toBe(await queriesFor(`${stagePath(course, 1)}/days`, learner.token));
    // Asked again, the ten days come from memory: only the access check runs.
    expect(await queriesFor(tenDaysPath, learner.token)).toBeLessThan(tenDays);

    // The course's days in one call: as many queries for ten days as for the fixture's three.
    await server.db
      .update(courses)
      .set({ updatedAt: new Date(Date.now() + 2000) })
      .where(eq(courses.id, course.courseId));
    const courseDays = await queriesFor(`/courses/${long.courseId}/days`, learner.token);
    expect(courseDays).toBe(await queriesFor(`/courses/${course.courseId}/days`, learner.token));
    expect(await queriesFor(`/courses/${long.courseId}/days`, learner.token)).toBeLessThan(courseDays);
  });
});
