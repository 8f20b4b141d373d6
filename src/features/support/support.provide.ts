import { fromPromise } from 'xstate';
import {
  type QuestionToSend,
  type RenewalToSend,
  supportMachine,
} from '../../../machines/support/support.machine';
import { fetchCourses } from '../../api/courses';
import { fetchStreams } from '../../api/streams';
import { fetchSupportCategories, requestRenewal, sendTechQuestion } from '../../api/supportQuestions';
import type { AppEffects } from '../../app/effects';
import { supportCourses, supportPath } from '../../domain/support';
import { networkReturn } from '../shell/networkReturn.provide';

/** Support: the topics, the learner's streams and their courses in one go; the two ways to ask. */
export const support = (effects: AppEffects) =>
  supportMachine.provide({
    actions: {
      showChoice: (_, { choice, replace }) => effects.goTo(supportPath(choice), { replace }),
    },
    actors: {
      loadSupport: fromPromise(async () => {
        const [categories, streams, courses] = await Promise.all([
          fetchSupportCategories(effects.api),
          fetchStreams(effects.api),
          fetchCourses(effects.api),
        ]);
        return { categories, courses: supportCourses(streams, courses) };
      }),
      sendQuestion: fromPromise(({ input }: { input: QuestionToSend }) =>
        sendTechQuestion(effects.api, input),
      ),
      requestRenewal: fromPromise(({ input }: { input: RenewalToSend }) =>
        requestRenewal(effects.api, input),
      ),
      networkReturn,
    },
  });
