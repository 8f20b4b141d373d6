import { PROGRESS_MAX } from '../limits';
import { isSubscriptionActive } from '../subscriptionWarning';
import { type Freeze, isFreezeInForce } from './freeze';

/**
 * Stream status (content spec, section 4 "Stream status"), first matching rule wins:
 * 1. a freeze in force: freeze;
 * 2. before the start date: not_started;
 * 3. a demo stream: open (a demo counts as open or not started, never ended or stopped);
 * 4. an optional purchase: open while an active subscription covers the course, else stopped
 *    (the stream's own end date does not matter: access follows the subscription);
 * 5. otherwise open up to and including the end date (none means no end), then ended.
 */
export const STREAM_STATUSES = ['open', 'not_started', 'freeze', 'ended', 'stopped'] as const;
export type StreamStatus = (typeof STREAM_STATUSES)[number];

export type StreamAccess = {
  startDate: number;
  endDate: number | null;
  isDemo: boolean;
  isOptionalPurchase: boolean;
  freeze: Freeze | null;
};

/** The learner's subscriptions that include the stream's course. */
export type CoveringSubscription = { isActive: boolean; isLifetime: boolean };

export function streamStatus(
  stream: StreamAccess,
  coveringSubscriptions: readonly CoveringSubscription[],
  now: number,
): StreamStatus {
  if (isFreezeInForce(stream.freeze, now)) return 'freeze';
  if (now < stream.startDate) return 'not_started';
  if (stream.isDemo) return 'open';
  if (stream.isOptionalPurchase) return coveringSubscriptions.some(isSubscriptionActive) ? 'open' : 'stopped';
  return stream.endDate === null || now <= stream.endDate ? 'open' : 'ended';
}

/** In progress: open with progress (percent) under 100. */
export const isInProgress = (status: StreamStatus, progress: number): boolean =>
  status === 'open' && progress < PROGRESS_MAX;
