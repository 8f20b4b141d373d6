import * as v from 'valibot';
import type { User } from '../domain/user';
import type { ApiClient } from './client';
import { toUser, WireUserSchema } from './user';
import { WireEmpty } from './wire';

/** Web push and the notification switch (docs/API.md, "Push"). */

export const WirePushKeySchema = v.object({ publicKey: v.string() });

export async function fetchPushKey(api: ApiClient): Promise<string> {
  const { data } = await api.request(WirePushKeySchema, '/push/vapid-public-key');
  return data.publicKey;
}

/** The browser's `PushSubscription.toJSON()`, stored for this device and session. */
export async function savePushSubscription(
  api: ApiClient,
  subscription: PushSubscriptionJSON,
): Promise<void> {
  await api.request(WireEmpty, '/push-subscriptions', {
    method: 'POST',
    body: {
      endpoint: subscription.endpoint,
      expirationTime: subscription.expirationTime ?? null,
      keys: subscription.keys,
    },
  });
}

export async function deletePushSubscription(api: ApiClient, endpoint: string): Promise<void> {
  await api.request(WireEmpty, '/push-subscriptions', { method: 'DELETE', query: { endpoint } });
}

/** POST /user/notification: `disabled` switches every notification of the account off. */
export async function setNotificationsDisabled(api: ApiClient, disabled: boolean): Promise<User> {
  const { data } = await api.request(WireUserSchema, '/user/notification', {
    method: 'POST',
    body: { disable_notification: disabled ? 1 : 0 },
  });
  return toUser(data);
}
