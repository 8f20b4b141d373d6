import { and, eq, exists, inArray, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { courseDocuments, courses, lessons, mediaFiles, userCourseStreams } from '../../db/schema';

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

/**
 * The media file, when the learner has a stream on a course that uses it: in one of a lesson's four
 * video references, as a course document, or as the course's image, background or demo video. One
 * prepared statement per request; with the reference columns indexed it is a handful of index
 * lookups however large the catalogue grows.
 */
export function reachableMediaFileQuery(db: Db): ReachableMediaFileQuery {
  const coursesUsingFile = unionAll(
    db
      .select({ courseId: lessons.courseId })
      .from(lessons)
      .where(
        or(
          eq(lessons.localVideoFileId, file),
          eq(lessons.localDescriptionVideoFileId, file),
          eq(lessons.verticalVideoFileId, file),
          eq(lessons.verticalDescriptionVideoFileId, file),
        ),
      ),
    db
      .select({ courseId: courseDocuments.courseId })
      .from(courseDocuments)
      .where(eq(courseDocuments.fileId, file)),
    db
      .select({ courseId: courses.id })
      .from(courses)
      .where(
        or(
          eq(courses.mainImageFileId, file),
          eq(courses.backgroundImageFileId, file),
          eq(courses.demoVideoFileId, file),
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
    .where(
      and(
        eq(mediaFiles.id, file),
        exists(
          db
            .select({ one: sql`1` })
            .from(userCourseStreams)
            .where(
              and(eq(userCourseStreams.userId, user), inArray(userCourseStreams.courseId, coursesUsingFile)),
            ),
        ),
      ),
    )
    .limit(1)
    .prepare('reachable_media_file');

  return async (userId, fileId) => {
    const [row] = await statement.execute({ userId, fileId });
    return row ?? null;
  };
}
