import { fromPromise } from 'xstate';
import { supportFormMachine } from '../../../machines/auth/supportForm.machine';
import { sendSupportQuestion } from '../../api/support';
import type { AppEffects } from '../../app/effects';

export const supportForm = ({ api }: AppEffects) =>
  supportFormMachine.provide({
    actors: {
      sendSupportQuestion: fromPromise(async ({ input }) => {
        const { supportCategoryId, ...question } = input;
        await sendSupportQuestion(
          api,
          supportCategoryId === null ? question : { ...question, supportCategoryId },
        );
      }),
    },
  });
