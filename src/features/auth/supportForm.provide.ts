import { fromPromise } from 'xstate';
import { supportFormMachine } from '../../../machines/auth/supportForm.machine';
import { sendSupportQuestion } from '../../api/support';

export const supportForm = supportFormMachine.provide({
  actors: {
    sendSupportQuestion: fromPromise(async ({ input }) => {
      const { supportCategoryId, ...question } = input;
      await sendSupportQuestion(supportCategoryId === null ? question : { ...question, supportCategoryId });
    }),
  },
});
