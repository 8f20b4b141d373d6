import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  type NotificationSettingsContext,
  type NotificationSettingsInput,
  notificationSettingsMachine,
} from '../../machines/account/notificationSettings.machine';
import { NotificationSettingsView } from '../../src/features/account/notifications/NotificationSettingsScreen';
import { done, failed, networkError, requestError, session, user } from '../fixtures';
import { shownFormError } from '../formErrorTexts';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { button } from '../screenQueries';
import { click, type UserAction } from '../userActions';

/** A brand with push, notifications on; and one without push, notifications off. */
const withPush: NotificationSettingsInput = { disabled: false, pushOffered: true };
const withoutPush: NotificationSettingsInput = { disabled: true, pushOffered: false };

const switchedOff = { ...user, disableNotification: true };
const refused = requestError(422, 'Must be 0 or 1.');
const PUSH_TEXTS = {
  unsupported: 'This browser cannot show notifications.',
  blocked: "Blocked in this browser. Allow notifications for this site in the browser's settings.",
  off: 'Off on this device.',
  on: 'On for this device.',
};

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as NotificationSettingsContext;
const theSwitch = () => screen.getByRole('switch', { name: 'Notifications' }) as HTMLInputElement;
const errorText = (error: string | null) => shownFormError(error);

const toggle: UserAction = {
  words: () => 'the user flips the “Notifications” switch',
  control: () => theSwitch(),
  perform: (user) => user.click(theSwitch()),
};

const spec = {
  machine: notificationSettingsMachine,
  spec: 'Shell spec §2 settingsNotifications; §7 POST /user/notification disable_notification; push only with the brand’s isPushSupport',
  inputs: [withPush, withoutPush],
  screen: {
    view: NotificationSettingsView,
    setting: { path: '/user/settings/notifications', session },
    actions: {
      'NOTIFICATIONS.TOGGLE': toggle,
      'PUSH.ENABLE': click('Turn on'),
    },
    sees: [
      {
        see: (snapshot: AnyMachineSnapshot) => {
          const context = contextOf(snapshot);
          expect(screen.getByRole('heading', { name: 'Notifications', level: 1 })).toBeTruthy();
          expect(theSwitch().checked).toBe(!context.disabled);
          expect(theSwitch().getAttribute('aria-checked')).toBe(String(!context.disabled));
          expect(screen.getAllByRole('alert')[0]?.textContent).toBe(errorText(context.switchError));
          expect(screen.getByRole('link', { name: 'Set up reminders' }).getAttribute('href')).toBe(
            '/user/settings/reminders',
          );
        },
      },
      { state: { switch: 'idle' }, see: () => expect(theSwitch().disabled).toBe(false) },
      { state: { switch: 'saving' }, see: () => expect(theSwitch().disabled).toBe(true) },
      {
        state: { push: 'notOffered' },
        see: () => {
          expect(screen.queryByText('Push notifications')).toBeNull();
          expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
        },
      },
      {
        state: { push: 'checking' },
        see: () => expect(screen.getByText('Checking this device…')).toBeTruthy(),
      },
      {
        state: { push: 'ready' },
        see: (snapshot: AnyMachineSnapshot) => {
          const context = contextOf(snapshot);
          expect(screen.getByText(PUSH_TEXTS[context.pushState])).toBeTruthy();
          expect(screen.queryByRole('button', { name: 'Turn on' }) !== null).toBe(
            context.pushState === 'off',
          );
          if (context.pushError) expect(screen.getByText(errorText(context.pushError))).toBeTruthy();
        },
      },
      {
        state: { push: 'enabling' },
        see: () => expect(button('Turn on').getAttribute('aria-busy')).toBe('true'),
      },
    ],
  },
  events: [
    { type: 'NOTIFICATIONS.TOGGLE' },
    { type: 'PUSH.ENABLE' },
    done('saveDisabled', switchedOff),
    failed('saveDisabled', refused),
    done('checkPush', 'off'),
    done('checkPush', 'blocked'),
    failed('checkPush', new Error('no worker')),
    done('enablePush', 'on'),
    failed('enablePush', networkError),
  ],
};

describeModel(spec);

describe('notificationSettings', () => {
  it('flips the switch at once, saves it and updates the user', async () => {
    const running = startMachine(spec, withPush);
    await running.dispatch({ type: 'NOTIFICATIONS.TOGGLE' });
    expect(running.snapshot().context.disabled).toBe(true);
    expect(running.fakes.inputOf('saveDisabled')).toEqual({ disabled: true });
    await running.dispatch(done('saveDisabled', switchedOff));
    expect(running.effects).toEqual([{ name: 'updateUser', params: { user: switchedOff } }]);
  });

  it('flips the switch back with the reason when the save fails', async () => {
    const running = startMachine(spec, withoutPush);
    await running.dispatch({ type: 'NOTIFICATIONS.TOGGLE' });
    expect(running.snapshot().context.disabled).toBe(false);
    await running.dispatch(failed('saveDisabled', refused));
    expect(running.snapshot().context).toMatchObject({ disabled: true, switchError: 'Must be 0 or 1.' });
    expect(running.effects).toEqual([]);
  });

  it('checks push only where the brand offers it, and enables it when off', async () => {
    const without = startMachine(spec, withoutPush);
    expect(without.fakes.started).toEqual([]);
    const running = startMachine(spec, withPush);
    await running.dispatch(done('checkPush', 'off'));
    await running.dispatch({ type: 'PUSH.ENABLE' });
    await running.dispatch(done('enablePush', 'on'));
    expect(running.snapshot().context.pushState).toBe('on');
    await running.dispatch({ type: 'PUSH.ENABLE' });
    expect(running.fakes.started.filter((actor) => actor.id === 'enablePush')).toHaveLength(1);
  });
});
