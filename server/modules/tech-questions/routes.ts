import type { Context } from 'hono';
import * as v from 'valibot';
import { SUPPORT_MESSAGE_MAX_LENGTH } from '../../../src/domain/limits';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { limitedPerAddress } from '../../http/address-limit';
import type { AppEnv } from '../../http/context';
import { fieldError } from '../../http/errors';
import { bodyIdField, emailField, optionalLine, requiredLine, requiredText } from '../../http/fields';
import { sendData } from '../../http/respond';
import { type ApiModule, createdOnceAnswer, dataAnswer, route } from '../../http/route';
import { type MessageKey, translate } from '../../infra/i18n';
import { ownStreamCourse, requireActiveCategory, storeAutoQuestionOnce, storeQuestion } from './queries';

/** A topic from the list, or null/missing for a question under no topic (shell spec, section 3). */
const optionalCategory = v.optional(v.nullable(bodyIdField), null);

const AnonymousQuestionBody = v.object({
  email: emailField,
  name: requiredLine(100),
  message: requiredText(SUPPORT_MESSAGE_MAX_LENGTH),
  support_category_id: optionalCategory,
});

/** Empty or missing: the account's name is used. */
const signedInName = v.optional(optionalLine(100), null);

/**
 * A learner's own words need no topic: the spec asks only for the message ("Support form for a known
 * user: message required"), the topic being optional as for a visitor.
 */
const QuestionBody = v.object({
  support_category_id: optionalCategory,
  name: signedInName,
  /** One of the learner's streams, or null/missing for a question about no course. */
  target_id: v.optional(v.nullable(bodyIdField), null),
  message: requiredText(SUPPORT_MESSAGE_MAX_LENGTH),
});

/** A renewal is always about a course under a renewal topic, so both are required. */
const AutoQuestionBody = v.object({
  support_category_id: bodyIdField,
  name: signedInName,
  target_id: bodyIdField,
});

const WireQuestionId = v.object({ id: v.number() });

/** The name a question is signed with when the learner gives none: the account's name, else its e-mail. */
function accountName(user: UserRow): string {
  const fullName = [user.name, user.lastName].filter(Boolean).join(' ').trim();
  return fullName || user.email || user.appId || `#${user.id}`;
}

/**
 * The message of a one-tap request, written by the server in the learner's language. Only the
 * brand's renewal categories have one; any other category needs the learner's own words.
 */
function autoMessageKey(c: Context<AppEnv>, categoryId: number): MessageKey {
  const { renewCourse, renewConsultation } = c.get('brand').supportCategoryIds;
  if (categoryId === renewCourse) return 'autoRenewCourse';
  if (categoryId === renewConsultation) return 'autoRenewConsultation';
  throw fieldError('support_category_id', 'supportCategoryNeedsMessage');
}

/** A question without a topic is welcome; one under a topic that is not offered is not. */
async function requireOfferedCategory(db: Db, categoryId: number | null): Promise<void> {
  if (categoryId !== null) await requireActiveCategory(db, categoryId);
}

/** Support questions: from visitors without an account, and from signed-in learners. */
export const techQuestionsModule: ApiModule = {
  tag: 'tech-questions',
  description: 'Support questions from visitors and from signed-in learners.',
  routes: [
    route({
      method: 'post',
      path: '/tech-questions/anonymous',
      summary: 'Send a support question without an account',
      access: 'none',
      precondition: limitedPerAddress((services) => services.guestQuestionLimit),
      body: AnonymousQuestionBody,
      answer: dataAnswer(WireQuestionId, 201),
      refusals: [429],
      async handle(c, { body }, { db }) {
        await requireOfferedCategory(db, body.support_category_id);
        const id = await storeQuestion(db, {
          email: body.email,
          name: body.name,
          message: body.message,
          supportCategoryId: body.support_category_id,
        });
        return sendData(c, { id }, 201);
      },
    }),
    route({
      method: 'post',
      path: '/tech-questions',
      summary: "Send a support question, optionally about one of the learner's streams",
      access: 'session',
      learnerData: true,
      body: QuestionBody,
      answer: dataAnswer(WireQuestionId, 201),
      refusals: [404],
      async handle(c, { body, auth }, { db }) {
        if (body.target_id !== null) await ownStreamCourse(db, auth.user.id, body.target_id);
        await requireOfferedCategory(db, body.support_category_id);
        const id = await storeQuestion(db, {
          userId: auth.user.id,
          email: auth.user.email ?? '',
          name: body.name ?? accountName(auth.user),
          message: body.message,
          supportCategoryId: body.support_category_id,
          targetId: body.target_id,
        });
        return sendData(c, { id }, 201);
      },
    }),
    route({
      method: 'post',
      path: '/tech-questions/auto',
      summary: 'Ask to renew a course or its consultations in one tap (no message)',
      description:
        'The message is written by the server. The same request for the same stream and category ' +
        'within 24 hours answers 200 with the first request’s id instead of storing another.',
      access: 'session',
      learnerData: true,
      body: AutoQuestionBody,
      answer: createdOnceAnswer(WireQuestionId),
      refusals: [404],
      async handle(c, { body, auth }, { db }) {
        const stream = await ownStreamCourse(db, auth.user.id, body.target_id);
        await requireActiveCategory(db, body.support_category_id);
        const messageKey = autoMessageKey(c, body.support_category_id);
        const question = {
          userId: auth.user.id,
          targetId: stream.id,
          supportCategoryId: body.support_category_id,
        };
        const { id, created } = await storeAutoQuestionOnce(
          db,
          {
            ...question,
            email: auth.user.email ?? '',
            name: body.name ?? accountName(auth.user),
            message: translate(c.get('lang'), messageKey, { course: stream.courseTitle }),
          },
          new Date(),
        );
        return sendData(c, { id }, created ? 201 : 200);
      },
    }),
  ],
};
