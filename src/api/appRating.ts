import * as v from 'valibot';
import type { AppRatingAnswer, AppRatingState } from '../domain/appRating';
import type { ApiClient } from './client';

/** "Enjoying the app?": whether to ask (the server decides, so every device agrees) and the answer. */

export const WireAppRatingSchema = v.object({
  due: v.boolean(),
  answer: v.nullable(v.picklist(['rated', 'later', 'never'])),
  rating: v.nullable(v.number()),
});

const toState = (wire: v.InferOutput<typeof WireAppRatingSchema>): AppRatingState => ({ due: wire.due });

export async function fetchAppRating(api: ApiClient): Promise<AppRatingState> {
  const { data } = await api.request(WireAppRatingSchema, '/app-rating');
  return toState(data);
}

export async function saveAppRating(api: ApiClient, answer: AppRatingAnswer): Promise<AppRatingState> {
  const body =
    answer.answer === 'rated'
      ? { answer: 'rated', rating: answer.rating, comment: answer.comment }
      : { answer: answer.answer };
  const { data } = await api.request(WireAppRatingSchema, '/app-rating', { method: 'POST', body });
  return toState(data);
}
