import type { Db } from '../db/client';
import { userCourseStreams } from '../db/schema';

/** A learner's access to a course: what `course enrol`, the demo enrolment, the seed and tests create. */
export interface Enrolment {
  userId: number;
  courseId: number;
  startDate: Date;
  /** Null: no end. */
  endDate: Date | null;
  isDemo?: boolean;
  courseFullAccess?: boolean;
  mobileAccess?: boolean;
  isOptionalPurchase?: boolean;
  courseVersion?: number;
  maxConsultationCount?: number;
}

const flag = (value: boolean | undefined, fallback: 0 | 1): 0 | 1 =>
  value === undefined ? fallback : value ? 1 : 0;

/** Creates the stream and returns its id. */
export async function enrol(db: Db, enrolment: Enrolment): Promise<number> {
  const [stream] = await db
    .insert(userCourseStreams)
    .values({
      userId: enrolment.userId,
      courseId: enrolment.courseId,
      startDate: enrolment.startDate,
      endDate: enrolment.endDate,
      isDemo: flag(enrolment.isDemo, 0),
      courseFullAccess: flag(enrolment.courseFullAccess, enrolment.isDemo ? 0 : 1),
      mobileAccess: flag(enrolment.mobileAccess, 1),
      isOptionalPurchase: flag(enrolment.isOptionalPurchase, 0),
      courseVersion: enrolment.courseVersion ?? 1,
      maxConsultationCount: enrolment.maxConsultationCount ?? 0,
    })
    .returning({ id: userCourseStreams.id });
  if (!stream) throw new Error('The stream was not created');
  return stream.id;
}
