/**
 * Rule 4 of the route guard (shell spec, section 4): a learner without an active subscription whose
 * every stream is an optional purchase, and who has had subscriptions, is sent to the subscriptions
 * page with a warning. A subscription counts as active when it is active or lifetime
 * (content spec, "Subscription").
 */
type SubscriptionState = { isActive: boolean; isLifetime: boolean };
type StreamPurchase = { isOptionalPurchase: boolean };

export const isSubscriptionActive = (subscription: SubscriptionState): boolean =>
  subscription.isActive || subscription.isLifetime;

export function needsSubscriptionWarning(
  subscriptions: readonly SubscriptionState[],
  streams: readonly StreamPurchase[],
): boolean {
  return (
    subscriptions.length > 0 &&
    !subscriptions.some(isSubscriptionActive) &&
    streams.length > 0 &&
    streams.every((stream) => stream.isOptionalPurchase)
  );
}
