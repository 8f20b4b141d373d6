import { FREEZE_STATUSES, type Freeze } from '../../../src/domain/learning/freeze';
import { type StreamStatus, streamStatus } from '../../../src/domain/learning/streamStatus';
import { isSubscriptionActive } from '../../../src/domain/subscriptionWarning';
import type { FreezeRecord, LoadedStream, SubscriptionRecord } from './queries';

/** The stored rows seen through the app's pure rules (src/domain/learning), so both sides agree. */

export function domainFreeze(freeze: FreezeRecord | null): Freeze | null {
  if (!freeze) return null;
  // An unknown stored status is treated as canceled: it must never hold a stream frozen.
  const status = FREEZE_STATUSES[freeze.status] ?? 'canceled';
  return { status, startDate: freeze.startDate.getTime(), endDate: freeze.endDate.getTime() };
}

const subscriptionState = (subscription: SubscriptionRecord) => ({
  isActive: subscription.isActive === 1,
  isLifetime: subscription.isLifetime === 1,
});

export function statusOf({ stream, freeze, coveringSubscriptions }: LoadedStream, now: number): StreamStatus {
  return streamStatus(
    {
      startDate: stream.startDate.getTime(),
      endDate: stream.endDate?.getTime() ?? null,
      isDemo: stream.isDemo === 1,
      isOptionalPurchase: stream.isOptionalPurchase === 1,
      freeze: domainFreeze(freeze),
    },
    coveringSubscriptions.map(subscriptionState),
    now,
  );
}

/** The active subscription an optional-purchase stream is open through, if any. */
export function openingSubscription({
  stream,
  coveringSubscriptions,
}: LoadedStream): SubscriptionRecord | null {
  if (stream.isOptionalPurchase !== 1) return null;
  return coveringSubscriptions.find((s) => isSubscriptionActive(subscriptionState(s))) ?? null;
}
