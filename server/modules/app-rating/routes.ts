import * as v from 'valibot';
import { optionalText } from '../../http/fields';
import { sendData } from '../../http/respond';
import { type ApiModule, dataAnswer, route } from '../../http/route';
import type { MessageKey } from '../../infra/i18n';
import {
  type AppRatingRow,
  ASK_AGAIN_AFTER_MS,
  findAppRating,
  finishedDays,
  isDue,
  saveAppRating,
} from './queries';

const Stars = v.pipe(
  v.number('ratingStars' satisfies MessageKey),
  v.integer('ratingStars' satisfies MessageKey),
  v.minValue(1, 'ratingStars' satisfies MessageKey),
  v.maxValue(5, 'ratingStars' satisfies MessageKey),
);

/** A rating with an optional comment, "not now", or "don't ask again". */
const AppRatingBody = v.variant(
  'answer',
  [
    v.object({
      answer: v.literal('rated'),
      rating: Stars,
      comment: v.optional(optionalText(1000), null),
    }),
    v.object({ answer: v.literal('later') }),
    v.object({ answer: v.literal('never') }),
  ],
  'ratingAnswer' satisfies MessageKey,
);

export const WireAppRating = v.object({
  /** Whether the app should ask now. */
  due: v.boolean(),
  answer: v.nullable(v.picklist(['rated', 'later', 'never'])),
  rating: v.nullable(v.number()),
});

const toWire = (row: AppRatingRow | undefined, due: boolean): v.InferOutput<typeof WireAppRating> => ({
  due,
  answer: row?.answer ?? null,
  rating: row?.rating ?? null,
});

/** "Enjoying the app?": whether to ask the learner, and their answer, kept for every device. */
export const appRatingModule: ApiModule = {
  tag: 'app-rating',
  description: "The learner's rating of the app and whether to ask for it.",
  routes: [
    route({
      method: 'get',
      path: '/app-rating',
      summary: 'Whether to ask the learner to rate the app, and their last answer',
      access: 'session',
      // Not `learnerData`: the answer (a flag, an answer word, a star count) holds no value that tells
      // one learner's row from another's, which the access matrix searches for; app-rating.test.ts
      // checks that each learner reads their own answer.
      answer: dataAnswer(WireAppRating),
      async handle(c, { auth }, { db }) {
        const [row, days] = await Promise.all([
          findAppRating(db, auth.user.id),
          finishedDays(db, auth.user.id),
        ]);
        return sendData(c, toWire(row, isDue(row, days, new Date())));
      },
    }),
    route({
      method: 'post',
      path: '/app-rating',
      summary: 'Rate the app, or answer "not now" or "don\'t ask again"',
      access: 'session',
      learnerData: true,
      body: AppRatingBody,
      answer: dataAnswer(WireAppRating),
      async handle(c, { body, auth }, { db }) {
        const now = new Date();
        const row = await saveAppRating(db, {
          userId: auth.user.id,
          answer: body.answer,
          rating: body.answer === 'rated' ? body.rating : null,
          comment: body.answer === 'rated' ? body.comment : null,
          askAfter: body.answer === 'later' ? new Date(now.getTime() + ASK_AGAIN_AFTER_MS) : null,
          updatedAt: now,
        });
        return sendData(c, toWire(row, false));
      },
    }),
  ],
};
