import { fromPromise } from 'xstate';
import { remindersMachine } from '../../../../machines/account/reminders.machine';
import { fetchReminders } from '../../../api/schedule';
import type { AppEffects } from '../../../app/effects';

export const reminders = (effects: AppEffects) =>
  remindersMachine.provide({
    actors: { loadReminders: fromPromise(() => fetchReminders(effects.api)) },
  });
