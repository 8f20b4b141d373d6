import { and, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, supportCategories, techQuestions, userCourseStreams } from '../../db/schema';
import { ApiError, fieldError } from '../../http/errors';

/** A one-tap request repeated within this window answers the first one instead of storing another. */
export const AUTO_REQUEST_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The learner's own stream and its course's title; another learner's stream answers like a missing one. */
export async function ownStreamCourse(db: Db, userId: number, streamId: number) {
  const [row] = await db
    .select({ id: userCourseStreams.id, courseTitle: courses.title })
    .from(userCourseStreams)
    .innerJoin(courses, eq(courses.id, userCourseStreams.courseId))
    .where(and(eq(userCourseStreams.id, streamId), eq(userCourseStreams.userId, userId)));
  if (!row) throw new ApiError(404, 'notFound');
  return row;
}

/** A question names a category the support page offers; a retired or unknown one is refused. */
export async function requireActiveCategory(db: Db, categoryId: number) {
  const [row] = await db
    .select({ id: supportCategories.id })
    .from(supportCategories)
    .where(and(eq(supportCategories.id, categoryId), eq(supportCategories.isActive, true)));
  if (!row) throw fieldError('support_category_id', 'unknownSupportCategory');
}

/** The learner's one-tap request for the same stream and category made within the window, if any. */
async function recentAutoQuestion(
  db: Db,
  question: { userId: number; targetId: number; supportCategoryId: number },
  now: Date,
) {
  const [row] = await db
    .select({ id: techQuestions.id })
    .from(techQuestions)
    .where(
      and(
        eq(techQuestions.userId, question.userId),
        eq(techQuestions.targetId, question.targetId),
        eq(techQuestions.supportCategoryId, question.supportCategoryId),
        eq(techQuestions.isAuto, true),
        gte(techQuestions.createdAt, new Date(now.getTime() - AUTO_REQUEST_WINDOW_MS)),
      ),
    )
    .orderBy(desc(techQuestions.id))
    .limit(1);
  return row;
}

/**
 * Stores a one-tap request unless the same one was made within the window; answers its id and
 * whether it is new. The stream's row is locked for the transaction, so two taps at once run one
 * after the other and the second finds the first instead of storing a twin.
 */
export async function storeAutoQuestionOnce(
  db: Db,
  values: typeof techQuestions.$inferInsert & { userId: number; targetId: number; supportCategoryId: number },
  now: Date,
): Promise<{ id: number; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: userCourseStreams.id })
      .from(userCourseStreams)
      .where(eq(userCourseStreams.id, values.targetId))
      .for('update');
    const earlier = await recentAutoQuestion(tx, values, now);
    if (earlier) return { id: earlier.id, created: false };
    return { id: await storeQuestion(tx, { ...values, isAuto: true }), created: true };
  });
}

export async function storeQuestion(db: Db, values: typeof techQuestions.$inferInsert): Promise<number> {
  const [row] = await db.insert(techQuestions).values(values).returning({ id: techQuestions.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
