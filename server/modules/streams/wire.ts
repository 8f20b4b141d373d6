import * as v from 'valibot';
import { streamStatus } from '../../../src/domain/learning/streamStatus';
import { toSeconds } from '../../http/time';
import type { StreamRow } from './queries';

export const WireStream = v.object({
  id: v.number(),
  course_id: v.number(),
  start_date: v.number(),
  end_date: v.nullable(v.number()),
  status: v.string(),
  is_demo: v.number(),
  course_version: v.number(),
  course_full_access: v.number(),
  mobile_access: v.number(),
  is_optional_purchase: v.number(),
  progress: v.object({ days_count: v.number(), complete_days_count: v.number(), progress: v.number() }),
});

export function toWireStream({ stream, days }: StreamRow): v.InferOutput<typeof WireStream> {
  const daysCount = Number(days ?? 0);
  // Interim until day statuses count: no day is complete yet.
  const complete = 0;
  return {
    id: stream.id,
    course_id: stream.courseId,
    start_date: toSeconds(stream.startDate),
    end_date: stream.endDate === null ? null : toSeconds(stream.endDate),
    status: streamStatus(
      {
        startDate: stream.startDate.getTime(),
        endDate: stream.endDate?.getTime() ?? null,
        isDemo: stream.isDemo === 1,
        isOptionalPurchase: stream.isOptionalPurchase === 1,
        freeze: null,
      },
      [],
      Date.now(),
    ),
    is_demo: stream.isDemo,
    course_version: stream.courseVersion,
    course_full_access: stream.courseFullAccess,
    mobile_access: stream.mobileAccess,
    is_optional_purchase: stream.isOptionalPurchase,
    progress: {
      days_count: daysCount,
      complete_days_count: complete,
      progress: daysCount === 0 ? 0 : Math.round((complete / daysCount) * 100),
    },
  };
}
