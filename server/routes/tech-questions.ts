import { Hono } from 'hono';
import * as v from 'valibot';
import { techQuestions } from '../db/schema';
import type { AppEnv } from '../http/context';
import { emailField, requiredText } from '../http/fields';
import { sendData } from '../http/respond';
import { readBody } from '../http/validation';
import type { Services } from '../services/container';
import type { MessageKey } from '../services/i18n';

const AnonymousQuestionBody = v.object({
  email: emailField,
  name: requiredText(100),
  message: requiredText(500),
  support_category_id: v.optional(
    v.nullable(
      v.pipe(
        v.number('notWholeNumber' satisfies MessageKey),
        v.integer('notWholeNumber' satisfies MessageKey),
        v.minValue(1, 'notWholeNumber' satisfies MessageKey),
        v.maxValue(2_147_483_647, 'notWholeNumber' satisfies MessageKey),
      ),
    ),
  ),
});

/** The support form for visitors who are not signed in. */
export function techQuestionRoutes(services: Services) {
  return new Hono<AppEnv>().post('/tech-questions/anonymous', async (c) => {
    const body = await readBody(c, AnonymousQuestionBody);
    const [row] = await services.db
      .insert(techQuestions)
      .values({
        email: body.email,
        name: body.name,
        message: body.message,
        supportCategoryId: body.support_category_id ?? null,
      })
      .returning({ id: techQuestions.id });
    return sendData(c, { id: row?.id }, 201);
  });
}
