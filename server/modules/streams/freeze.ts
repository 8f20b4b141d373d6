import { and, desc, eq, gte, ne } from 'drizzle-orm';
import * as v from 'valibot';
import {
  type CalendarDay,
  knownTimeZone,
  nextDay,
  parseDateKey,
  startOfDay,
  today,
} from '../../../src/domain/learning/calendarDates';
import { type FreezeRangeErrors, validateFreezeRange } from '../../../src/domain/learning/freezeRange';
import type { StreamStatus } from '../../../src/domain/learning/streamStatus';
import type { Db } from '../../db/client';
import { streamFreezes } from '../../db/schema';
import { ApiError, type FieldErrors } from '../../http/errors';
import type { MessageKey } from '../../infra/i18n';
import { lockMyStream } from './queries';
import { statusOf } from './status';

/**
 * A learner's freeze of a stream (content spec, section 4 "Freeze"). Dates are calendar days in the
 * learner's time zone; the freeze holds from the start of its first day to the end of its last. The
 * date rules are the app's (src/domain/learning/freezeRange.ts), so the dialog and the server agree.
 */

const FREEZE_CREATED = 0;
const FREEZE_ACTIVE = 1;
const FREEZE_CANCELED = 2;

/** A real day from 1970 on: what the columns and the wire's seconds hold. */
const storableDay = (text: string): CalendarDay | null => {
  const day = parseDateKey(text);
  return day !== null && day.year >= 1970 ? day : null;
};

/** `isoDate` refuses nothing `storableDay` takes: it gives the OpenAPI document the format `date`. */
const calendarDayField = v.pipe(
  v.string('calendarDate' satisfies MessageKey),
  v.isoDate('calendarDate' satisfies MessageKey),
  v.check((text) => storableDay(text) !== null, 'calendarDate' satisfies MessageKey),
  v.description('A calendar day, YYYY-MM-DD, from 1970 on.'),
  v.transform((text) => storableDay(text) as CalendarDay),
);

export const FreezeBody = v.object({ start_date: calendarDayField, end_date: calendarDayField });
type FreezeInput = v.InferOutput<typeof FreezeBody>;

const RANGE_MESSAGES: Record<string, MessageKey> = {
  beforeToday: 'freezeStartBeforeToday',
  notAfterStart: 'freezeEndNotAfterStart',
  afterStreamEnd: 'freezeEndAfterStreamEnd',
};

function rangeFieldErrors(errors: FreezeRangeErrors): FieldErrors {
  const fields: FieldErrors = {};
  for (const [side, field] of [
    ['start', 'start_date'],
    ['end', 'end_date'],
  ] as const) {
    const list = errors[side];
    if (list) fields[field] = list.map((error) => ({ key: RANGE_MESSAGES[error.code] ?? 'required' }));
  }
  return fields;
}

/** A freeze still to come or running blocks another one; a past one marked active does not. */
const pendingFreeze = (streamId: number, now: Date) =>
  and(
    eq(streamFreezes.streamId, streamId),
    ne(streamFreezes.status, FREEZE_CANCELED),
    gte(streamFreezes.endDate, now),
  );

/**
 * Why a stream may not be frozen, in words the learner can act on; null for an open stream bought in
 * full (a freeze to come, which leaves it open, is refused after this).
 */
function freezeRefusal(isDemo: boolean, status: StreamStatus): MessageKey | null {
  if (isDemo) return 'freezeDemo';
  if (status === 'freeze') return 'freezePending';
  if (status === 'not_started') return 'freezeNotStarted';
  if (status === 'ended' || status === 'stopped') return 'accessEnded';
  return null;
}

export async function createFreeze(
  db: Db,
  user: { id: number; timezone: string | null },
  streamId: number,
  input: FreezeInput,
  now: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const loaded = await lockMyStream(tx, user.id, streamId);
    const row = loaded.stream;
    const refusal = freezeRefusal(row.isDemo === 1, statusOf(loaded, now));
    if (refusal) throw new ApiError(422, refusal);
    const [pending] = await tx
      .select({ id: streamFreezes.id })
      .from(streamFreezes)
      .where(pendingFreeze(streamId, new Date(now)));
    if (pending) throw new ApiError(422, 'freezePending');

    const zone = knownTimeZone(user.timezone) ?? 'UTC';
    const todayStart = startOfDay(today(now, zone), zone);
    const start = startOfDay(input.start_date, zone);
    const errors = validateFreezeRange(
      { start, end: startOfDay(input.end_date, zone) },
      todayStart,
      row.endDate?.getTime() ?? null,
    );
    const fields = rangeFieldErrors(errors);
    if (Object.keys(fields).length > 0) throw new ApiError(422, 'invalidFields', fields);

    await tx.insert(streamFreezes).values({
      streamId,
      // A freeze starting today holds at once; a later one waits as created.
      status: start === todayStart ? FREEZE_ACTIVE : FREEZE_CREATED,
      startDate: new Date(start),
      // The last second of the end date, so the whole day is frozen.
      endDate: new Date(startOfDay(nextDay(input.end_date), zone) - 1000),
    });
  });
}

/** Cancels the newest freeze still to come or running; 422 when there is none. */
export async function cancelFreeze(db: Db, userId: number, streamId: number, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMyStream(tx, userId, streamId);
    const [pending] = await tx
      .select({ id: streamFreezes.id })
      .from(streamFreezes)
      .where(pendingFreeze(streamId, new Date(now)))
      .orderBy(desc(streamFreezes.id))
      .limit(1);
    if (!pending) throw new ApiError(422, 'noFreezeToCancel');
    await tx.update(streamFreezes).set({ status: FREEZE_CANCELED }).where(eq(streamFreezes.id, pending.id));
  });
}
