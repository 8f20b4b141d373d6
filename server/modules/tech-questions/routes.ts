import * as v from 'valibot';
import { techQuestions } from '../../db/schema';
import { emailField, MAX_INT4, requiredText } from '../../http/fields';
import { sendData } from '../../http/respond';
import { type ApiModule, dataAnswer, route } from '../../http/route';
import type { MessageKey } from '../../infra/i18n';

const AnonymousQuestionBody = v.object({
  email: emailField,
  name: requiredText(100),
  message: requiredText(500),
  support_category_id: v.optional(
    v.nullable(
      v.pipe(
        v.number('notWholeNumber' satisfies MessageKey),
        v.integer('notWholeNumber' satisfies MessageKey),
        v.minValue(1, 'notPositive' satisfies MessageKey),
        v.maxValue(MAX_INT4, 'tooLarge' satisfies MessageKey),
      ),
    ),
  ),
});

/** The support form for visitors who are not signed in. */
export const techQuestionsModule: ApiModule = {
  tag: 'tech-questions',
  description: 'The support form for visitors who are not signed in.',
  routes: [
    route({
      method: 'post',
      path: '/tech-questions/anonymous',
      summary: 'Send a support question without an account',
      access: 'none',
      body: AnonymousQuestionBody,
      answer: dataAnswer(v.object({ id: v.number() }), 201),
      async handle(c, { body }, { db }) {
        const [row] = await db
          .insert(techQuestions)
          .values({
            email: body.email,
            name: body.name,
            message: body.message,
            supportCategoryId: body.support_category_id ?? null,
          })
          .returning({ id: techQuestions.id });
        return sendData(c, { id: row?.id }, 201);
      },
    }),
  ],
};
