import { type AnyColumn, and, eq, exists, not, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  courseDocuments,
  courses,
  lessonSetLessons,
  lessonSets,
  lessons,
  mediaFiles,
  stageDays,
  userCourseStreams,
} from '../../db/schema';

/** What serving a media file needs from its row. */
export interface ReachableMediaFile {
  id: number;
  type: number;
  name: string;
  storagePath: string;
}

export type ReachableMediaFileQuery = (userId: number, fileId: number) => Promise<ReachableMediaFile | null>;

const file = sql.placeholder('fileId');
const user = sql.placeholder('userId');

/** A demo stream without full access: its locked days and, unless its course allows them, documents stay closed. */
const restrictedDemo = and(eq(userCourseStreams.isDemo, 1), eq(userCourseStreams.courseFullAccess, 0)) as SQL;

/**
 * The media file, when one of the learner's streams may open it (content spec, section 4 "Day lock",
 * and section 8: demo streams without full access restrict days):
 * - a lesson's video (any of its four references): a stream on the lesson's course, unless it is a
 *   restricted demo, which reaches only lessons of a day that is demo-accessible and open by its
 *   time delay;
 * - a course document: a stream on the course, a restricted demo only where the course gives demos
 *   its documents;
 * - the course's image, background or demo video: any stream on the course.
 * One prepared statement per request; with the reference columns indexed it is a handful of index
 * lookups however large the catalogue grows.
 */
export function reachableMediaFileQuery(db: Db): ReachableMediaFileQuery {
  const myStreamOn = (courseId: SQL | AnyColumn, where?: SQL) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(userCourseStreams)
        .where(and(eq(userCourseStreams.userId, user), eq(userCourseStreams.courseId, courseId), where)),
    );
  const unlockedDayHasLesson = exists(
    db
      .select({ one: sql`1` })
      .from(lessonSetLessons)
      .innerJoin(lessonSets, eq(lessonSets.id, lessonSetLessons.lessonSetId))
      .innerJoin(stageDays, eq(stageDays.id, lessonSets.dayId))
      .where(
        and(
          eq(lessonSetLessons.lessonId, lessons.id),
          eq(stageDays.isDemoAccessible, 1),
          sql`${userCourseStreams.startDate} + ${stageDays.openingDelaySeconds} * interval '1 second' <= now()`,
        ),
      ),
  );
  const lessonUsingFile = exists(
    db
      .select({ one: sql`1` })
      .from(lessons)
      .where(
        and(
          or(
            eq(lessons.localVideoFileId, file),
            eq(lessons.localDescriptionVideoFileId, file),
            eq(lessons.verticalVideoFileId, file),
            eq(lessons.verticalDescriptionVideoFileId, file),
          ),
          myStreamOn(lessons.courseId, or(not(restrictedDemo), unlockedDayHasLesson)),
        ),
      ),
  );
  const documentUsingFile = exists(
    db
      .select({ one: sql`1` })
      .from(courseDocuments)
      .innerJoin(courses, eq(courses.id, courseDocuments.courseId))
      .where(
        and(
          eq(courseDocuments.fileId, file),
          myStreamOn(courses.id, or(not(restrictedDemo), eq(courses.isDemoDocumentsAccessible, 1))),
        ),
      ),
  );
  const courseImageIsFile = exists(
    db
      .select({ one: sql`1` })
      .from(courses)
      .where(
        and(
          or(
            eq(courses.mainImageFileId, file),
            eq(courses.backgroundImageFileId, file),
            eq(courses.demoVideoFileId, file),
          ),
          myStreamOn(courses.id),
        ),
      ),
  );
  const statement = db
    .select({
      id: mediaFiles.id,
      type: mediaFiles.type,
      name: mediaFiles.name,
      storagePath: mediaFiles.storagePath,
    })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.id, file), or(lessonUsingFile, documentUsingFile, courseImageIsFile)))
    .limit(1)
    .prepare('reachable_media_file');

  return async (userId, fileId) => {
    const [row] = await statement.execute({ userId, fileId });
    return row ?? null;
  };
}
