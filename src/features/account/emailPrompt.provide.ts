import { fromPromise } from 'xstate';
import { emailPromptMachine } from '../../../machines/account/emailPrompt.machine';
import { updateEmail } from '../../api/account';
import type { AppEffects } from '../../app/effects';

export const emailPrompt = (effects: AppEffects) =>
  emailPromptMachine.provide({
    actors: { updateEmail: fromPromise(({ input }) => updateEmail(effects.api, input.email)) },
    actions: {
      updateUser: effects.updateUser,
      emailProvided: effects.emailProvided,
      emailCancelled: effects.emailCancelled,
    },
  });
