import * as v from 'valibot';
import { FREEZE_STATUSES, freezeStatusAt } from '../../../src/domain/learning/freeze';
import { progressPercent } from '../../../src/domain/learning/progress';
import { STREAM_STATUSES } from '../../../src/domain/learning/streamStatus';
import { toSeconds, toSecondsOrNull } from '../../http/time';
import type { FreezeRecord, LoadedStream } from './queries';
import { openingSubscription, statusOf } from './status';

const WireFlag = v.picklist([0, 1]);

export const WireFreeze = v.object({
  id: v.number(),
  /** 0 Created, 1 Active, 2 Canceled. */
  status: v.number(),
  start_date: v.number(),
  end_date: v.number(),
});

export const WireStream = v.object({
  id: v.number(),
  course_id: v.number(),
  start_date: v.number(),
  end_date: v.nullable(v.number()),
  status: v.picklist(STREAM_STATUSES),
  is_demo: WireFlag,
  course_version: v.number(),
  course_full_access: WireFlag,
  mobile_access: WireFlag,
  is_optional_purchase: WireFlag,
  chat_channel_id: v.nullable(v.number()),
  chat_status: v.nullable(v.string()),
  message_expires_date: v.nullable(v.number()),
  max_consultation_count: v.number(),
  filters: v.record(v.string(), v.unknown()),
  progress: v.object({ days_count: v.number(), complete_days_count: v.number(), progress: v.number() }),
  order: v.nullable(v.object({ course_service: v.object({ appstore_product_id: v.nullable(v.string()) }) })),
  user_course_stream_freeze: v.nullable(WireFreeze),
  payment_subscription_id: v.nullable(v.number()),
});

/** 0 Created until the freeze's start, 1 Active from then on, 2 Canceled: as it is at `now`, not as stored. */
const wireFreezeStatus = (freeze: FreezeRecord, now: number): number =>
  FREEZE_STATUSES.indexOf(
    freezeStatusAt(
      { status: FREEZE_STATUSES[freeze.status] ?? 'created', startDate: freeze.startDate.getTime() },
      now,
    ),
  );

const asFlag = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

export function toWireStream(loaded: LoadedStream, now: number): v.InferOutput<typeof WireStream> {
  const { stream, freeze, daysCount, completeDaysCount } = loaded;
  return {
    id: stream.id,
    course_id: stream.courseId,
    start_date: toSeconds(stream.startDate),
    end_date: toSecondsOrNull(stream.endDate),
    status: statusOf(loaded, now),
    is_demo: asFlag(stream.isDemo),
    course_version: stream.courseVersion,
    course_full_access: asFlag(stream.courseFullAccess),
    mobile_access: asFlag(stream.mobileAccess),
    is_optional_purchase: asFlag(stream.isOptionalPurchase),
    chat_channel_id: stream.chatChannelId,
    chat_status: stream.chatStatus,
    message_expires_date: toSecondsOrNull(stream.messageExpiresDate),
    max_consultation_count: stream.maxConsultationCount,
    filters: stream.filters,
    progress: {
      days_count: daysCount,
      complete_days_count: completeDaysCount,
      progress: progressPercent(daysCount, completeDaysCount),
    },
    // The stream was bought through a store product only when it names one.
    order:
      stream.appstoreProductId === null
        ? null
        : { course_service: { appstore_product_id: stream.appstoreProductId } },
    user_course_stream_freeze: freeze && {
      id: freeze.id,
      status: wireFreezeStatus(freeze, now),
      start_date: toSeconds(freeze.startDate),
      end_date: toSeconds(freeze.endDate),
    },
    payment_subscription_id: openingSubscription(loaded)?.id ?? null,
  };
}
