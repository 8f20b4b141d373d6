import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeCourse } from '../../server/authoring/course-writer';
import { enrol } from '../../server/authoring/enrolment';
import { supportCategories, techQuestions } from '../../server/db/schema';
import { supportReport } from '../../server/modules/tech-questions/report';
import { WireQuestionIdSchema, WireSupportCategorySchema } from '../../src/api/supportQuestions';
import type { Account } from './client';
import { expectWire } from './contract';
import { serverForFile } from './harness';
import { snapshot } from './table-snapshot';

/** GET /support-category, POST /tech-questions and POST /tech-questions/auto (signed-in support). */

const { server, api } = serverForFile();

// The default brand (Brightpath) renews courses and consultations under category 7.
const RENEWAL = 7;
const TECHNICAL = 1;
const RETIRED = 90;

let learner: Account;
let other: Account;
let streamId: number;
let othersStreamId: number;

async function streamOf(account: Account, title: string) {
  const course = await writeCourse(server.db, {
    title,
    titleShort: title,
    descriptionShort: '',
    version: 1,
    stages: [{ title: 'Start', days: [{ title: 'Day 1', lessonSets: [] }] }],
  });
  return enrol(server.db, {
    userId: account.id,
    courseId: course.courseId,
    startDate: new Date(),
    endDate: null,
  });
}

beforeAll(async () => {
  learner = await api.signUp('support-learner');
  other = await api.signUp('support-other');
  streamId = await streamOf(learner, 'Morning yoga');
  othersStreamId = await streamOf(other, 'Evening yoga');
  await server.db
    .insert(supportCategories)
    .values({ id: RETIRED, sort: RETIRED, title: { en: 'Retired' }, isActive: false });
});

const as = (account: Account) => ({ token: account.token });
const questionsOf = (userId: number) =>
  server.db.select().from(techQuestions).where(eq(techQuestions.userId, userId));

describe('GET /support-category', () => {
  it('lists the active categories by id, titles in the request language', async () => {
    const english = await api.get('/support-category?sort=id', as(learner));
    expect(english.status).toBe(200);
    const categories = expectWire(v.array(WireSupportCategorySchema), english.body);
    expect(categories.map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 10]);
    expect(categories[0]).toEqual({ id: 1, sort: 1, title: 'Technical problem' });
    const russian = expectWire(
      v.array(WireSupportCategorySchema),
      (await api.get('/support-category?sort=id&lang=ru', as(learner))).body,
    );
    expect(russian[0]?.title).toBe('Техническая проблема');
    const spanish = expectWire(
      v.array(WireSupportCategorySchema),
      (await api.get('/support-category?lang=es', as(learner))).body,
    );
    expect(spanish[1]?.title).toBe('Pago');
  });

  it('sorts by id descending, leaves retired categories out, falls back to English', async () => {
    await server.db.insert(supportCategories).values({ id: 91, sort: 91, title: { en: 'Only in English' } });
    const descending = expectWire(
      v.array(WireSupportCategorySchema),
      (await api.get('/support-category?sort=-id&lang=ru', as(learner))).body,
    );
    expect(descending.map((c) => c.id)).toEqual([91, 10, 7, 6, 5, 4, 3, 2, 1]);
    expect(descending[0]?.title).toBe('Only in English');
    await server.db.delete(supportCategories).where(eq(supportCategories.id, 91));
  });

  it('refuses another sort in the request language, and callers without a session', async () => {
    const bad = await api.get('/support-category?sort=title&lang=es', as(learner));
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ sort: ['Ordena por id o -id.'] });
    expect((await api.get('/support-category')).status).toBe(401);
  });
});

describe('POST /tech-questions', () => {
  it('stores a question about one of the learner’s streams with the account’s name and e-mail', async () => {
    const result = await api.post(
      '/tech-questions',
      { support_category_id: TECHNICAL, target_id: streamId, message: '  The video stops.  ' },
      as(learner),
    );
    expect(result.status).toBe(201);
    const { id } = expectWire(WireQuestionIdSchema, result.body);
    const [row] = await server.db.select().from(techQuestions).where(eq(techQuestions.id, id));
    expect(row).toMatchObject({
      userId: learner.id,
      email: learner.email,
      name: learner.email,
      message: 'The video stops.',
      supportCategoryId: TECHNICAL,
      targetId: streamId,
      isAuto: false,
    });
  });

  it('takes a question about no course and the name given', async () => {
    const result = await api.post(
      '/tech-questions',
      { support_category_id: 2, target_id: null, name: 'Ann', message: 'Was I charged twice?' },
      as(learner),
    );
    expect(result.status).toBe(201);
    const { id } = expectWire(WireQuestionIdSchema, result.body);
    const [row] = await server.db.select().from(techQuestions).where(eq(techQuestions.id, id));
    expect(row).toMatchObject({ name: 'Ann', targetId: null, supportCategoryId: 2 });
  });

  it('takes a question under no topic: the spec asks a learner only for the message', async () => {
    for (const body of [
      { message: 'Where is my certificate?' },
      { support_category_id: null, message: 'Hi' },
    ]) {
      const result = await api.post('/tech-questions', body, as(learner));
      expect(result.status).toBe(201);
      const { id } = expectWire(WireQuestionIdSchema, result.body);
      const [row] = await server.db.select().from(techQuestions).where(eq(techQuestions.id, id));
      expect(row).toMatchObject({ supportCategoryId: null, targetId: null, message: body.message });
    }
    // A one-tap renewal still names its topic: the topic decides the message the server writes.
    const auto = await api.post('/tech-questions/auto', { target_id: streamId }, as(learner));
    expect(auto.status).toBe(422);
    expect(Object.keys(auto.body.errors)).toEqual(['support_category_id']);
  });

  it('counts the message in characters: 500 emoji are 500, not 1000', async () => {
    const message = '\u{1f600}'.repeat(500);
    const result = await api.post(
      '/tech-questions',
      { support_category_id: TECHNICAL, message },
      as(learner),
    );
    expect(result.status).toBe(201);
    const { id } = expectWire(WireQuestionIdSchema, result.body);
    const [row] = await server.db.select().from(techQuestions).where(eq(techQuestions.id, id));
    expect(row?.message).toBe(message);
  });

  it('takes a name that shows nothing (a Hangul filler) as no name: the account’s is used', async () => {
    const result = await api.post(
      '/tech-questions',
      { support_category_id: 2, target_id: null, name: '\u3164', message: 'Hello' },
      as(learner),
    );
    expect(result.status).toBe(201);
    const { id } = expectWire(WireQuestionIdSchema, result.body);
    const [row] = await server.db.select().from(techQuestions).where(eq(techQuestions.id, id));
    expect(row?.name).toBe(learner.email);
  });

  it('answers another learner’s stream like a missing one, and stores nothing', async () => {
    const before = await snapshot(server.db);
    for (const target of [othersStreamId, 999_999]) {
      const result = await api.post(
        '/tech-questions',
        { support_category_id: TECHNICAL, target_id: target, message: 'Hello' },
        as(learner),
      );
      expect(result.status).toBe(404);
    }
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('refuses a bad message, an unknown or retired category and a bad id, in the user’s language', async () => {
    const before = await snapshot(server.db);
    const post = (body: Record<string, unknown>, lang = 'en') =>
      api.post(`/tech-questions?lang=${lang}`, body, as(learner));
    const empty = await post({ support_category_id: TECHNICAL, message: '   ' }, 'ru');
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ message: ['Заполните это поле.'] });
    // A message of characters that show nothing (zero-width space, soft hyphen, BOM) is no message.
    const invisible = await post({ support_category_id: TECHNICAL, message: '\u200b\n\u00ad\ufeff' }, 'ru');
    expect(invisible.status).toBe(422);
    expect(invisible.body.errors).toEqual({ message: ['Заполните это поле.'] });
    const long = await post({ support_category_id: TECHNICAL, message: 'x'.repeat(501) });
    expect(long.body.errors).toEqual({ message: ['Must be at most 500 characters.'] });
    const longEmoji = await post({ support_category_id: TECHNICAL, message: '\u{1f600}'.repeat(501) });
    expect(longEmoji.body.errors).toEqual({ message: ['Must be at most 500 characters.'] });
    const unknown = await post({ support_category_id: 55, message: 'Hi' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ support_category_id: ['Choose a topic from the list.'] });
    const retired = await post({ support_category_id: RETIRED, message: 'Hi' }, 'es');
    expect(retired.body.errors).toEqual({ support_category_id: ['Elige un tema de la lista.'] });
    const badIds = await post({ support_category_id: 1.5, target_id: 0, message: 'Hi' });
    expect(badIds.status).toBe(422);
    expect(Object.keys(badIds.body.errors).sort()).toEqual(['support_category_id', 'target_id']);
    const noMessage = await post({ support_category_id: TECHNICAL });
    expect(noMessage.status).toBe(422);
    expect(Object.keys(noMessage.body.errors)).toEqual(['message']);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('needs a session', async () => {
    const result = await api.post('/tech-questions', { support_category_id: TECHNICAL, message: 'Hi' });
    expect(result.status).toBe(401);
  });
});

describe('POST /tech-questions/auto', () => {
  it('writes the renewal message itself, in the learner’s language, and stores it once a day', async () => {
    const first = await api.post(
      '/tech-questions/auto?lang=ru',
      { support_category_id: RENEWAL, target_id: streamId },
      as(learner),
    );
    expect(first.status).toBe(201);
    const { id } = expectWire(WireQuestionIdSchema, first.body);
    const [row] = await server.db.select().from(techQuestions).where(eq(techQuestions.id, id));
    expect(row).toMatchObject({
      userId: learner.id,
      email: learner.email,
      message: 'Прошу продлить мой доступ к курсу «Morning yoga».',
      supportCategoryId: RENEWAL,
      targetId: streamId,
      isAuto: true,
    });
    const again = await api.post(
      '/tech-questions/auto',
      { support_category_id: RENEWAL, target_id: streamId },
      as(learner),
    );
    expect(again.status).toBe(200);
    expect(expectWire(WireQuestionIdSchema, again.body)).toEqual({ id });
    expect((await questionsOf(learner.id)).filter((q) => q.isAuto)).toHaveLength(1);
  });

  it('stores a new request once the day has passed', async () => {
    const [earlier] = (await questionsOf(learner.id)).filter((q) => q.isAuto);
    if (!earlier) throw new Error('no earlier request');
    await server.db
      .update(techQuestions)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(techQuestions.id, earlier.id));
    const later = await api.post(
      '/tech-questions/auto',
      { support_category_id: RENEWAL, target_id: streamId },
      as(learner),
    );
    expect(later.status).toBe(201);
    expect(expectWire(WireQuestionIdSchema, later.body).id).not.toBe(earlier.id);
  });

  it('stores one request when several taps arrive at once', async () => {
    await server.db.update(techQuestions).set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    const before = (await questionsOf(learner.id)).filter((q) => q.isAuto).length;
    const taps = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.post('/tech-questions/auto', { support_category_id: RENEWAL, target_id: streamId }, as(learner)),
      ),
    );
    expect(taps.map((tap) => tap.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(taps.map((tap) => expectWire(WireQuestionIdSchema, tap.body).id)).size).toBe(1);
    expect((await questionsOf(learner.id)).filter((q) => q.isAuto)).toHaveLength(before + 1);
  });

  it('refuses a topic that needs a message, another learner’s stream and a missing stream', async () => {
    const before = await snapshot(server.db);
    const needsMessage = await api.post(
      '/tech-questions/auto?lang=es',
      { support_category_id: TECHNICAL, target_id: streamId },
      as(learner),
    );
    expect(needsMessage.status).toBe(422);
    expect(needsMessage.body.errors).toEqual({
      support_category_id: ['Este tema necesita un mensaje: describe tu pregunta.'],
    });
    const others = await api.post(
      '/tech-questions/auto',
      { support_category_id: RENEWAL, target_id: othersStreamId },
      as(learner),
    );
    expect(others.status).toBe(404);
    const noStream = await api.post('/tech-questions/auto', { support_category_id: RENEWAL }, as(learner));
    expect(noStream.status).toBe(422);
    expect(Object.keys(noStream.body.errors)).toEqual(['target_id']);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('needs a session', async () => {
    const result = await api.post('/tech-questions/auto', {
      support_category_id: RENEWAL,
      target_id: streamId,
    });
    expect(result.status).toBe(401);
  });
});

describe('npm run cli -- support', () => {
  it('lists the newest questions with who sent them, what about and the message', async () => {
    const lines = await supportReport(server.db);
    expect(lines[0]).toMatch(
      new RegExp(
        `^#\\d+ \\S+\\tuser ${learner.id} ${learner.email} \\(.+\\)\\ttopic 7, stream ${streamId}, one-tap\\n  Please renew`,
      ),
    );
    expect(
      lines.some((line) => line.includes('topic 2, no course') && line.endsWith('Was I charged twice?')),
    ).toBe(true);
  });

  it('shows a message’s lines indented, and a carriage return or direction control escaped', async () => {
    const written = await api.post(
      '/tech-questions',
      { message: 'REAL-QUESTION\rSPOOF\nsecond line \u202eevil', support_category_id: 2 },
      { token: learner.token },
    );
    expect(written.status).toBe(201);
    const [newest] = await supportReport(server.db);
    expect(newest).toMatch(/\n {2}REAL-QUESTION\\rSPOOF\n {2}second line \\u202eevil$/);
  });
});
