import { fromPromise } from 'xstate';
import type { PushState } from '../../../../machines/account/notificationSettings.machine';
import { notificationSettingsMachine } from '../../../../machines/account/notificationSettings.machine';
import type { ApiClient } from '../../../api/client';
import { fetchPushKey, savePushSubscription, setNotificationsDisabled } from '../../../api/push';
import type { AppEffects } from '../../../app/effects';
import { currentPushSubscription, pushPermission, subscribeToPush } from '../../../platform/pushSubscription';

/** Push on this device now: what the browser allows and whether it holds a subscription. */
export async function checkPush(): Promise<PushState> {
  const permission = await pushPermission();
  if (permission === 'unsupported') return 'unsupported';
  if (permission === 'denied') return 'blocked';
  return permission === 'granted' && (await currentPushSubscription()) ? 'on' : 'off';
}

/**
 * Asks, subscribes with the server's key and stores the subscription for this session. Also the
 * push prompt's "Turn on".
 */
export async function enablePush(api: ApiClient): Promise<PushState> {
  const subscription = await subscribeToPush(await fetchPushKey(api));
  if (subscription === 'denied') return (await pushPermission()) === 'denied' ? 'blocked' : 'off';
  await savePushSubscription(api, subscription);
  return 'on';
}

export const notificationSettings = (effects: AppEffects) =>
  notificationSettingsMachine.provide({
    actors: {
      saveDisabled: fromPromise(({ input }) => setNotificationsDisabled(effects.api, input.disabled)),
      checkPush: fromPromise(() => checkPush()),
      enablePush: fromPromise(() => enablePush(effects.api)),
    },
    actions: { updateUser: effects.updateUser },
  });
