import * as v from 'valibot';
import type { SupportCategory } from '../domain/support';
import type { ApiClient } from './client';

/** Signed-in support: the topics and the two ways to ask (content spec, "Support category", "Tech question"). */

export const WireSupportCategorySchema = v.object({ id: v.number(), sort: v.number(), title: v.string() });
export const WireQuestionIdSchema = v.object({ id: v.number() });

export async function fetchSupportCategories(api: ApiClient): Promise<SupportCategory[]> {
  const { data } = await api.request(v.array(WireSupportCategorySchema), '/support-category', {
    query: { sort: 'id' },
  });
  return data;
}

/** A question with the learner's message; `streamId` null for a question about no course. */
export async function sendTechQuestion(
  api: ApiClient,
  question: { categoryId: number; streamId: number | null; message: string },
): Promise<{ id: number }> {
  const { data } = await api.request(WireQuestionIdSchema, '/tech-questions', {
    method: 'POST',
    body: {
      support_category_id: question.categoryId,
      target_id: question.streamId,
      message: question.message,
    },
  });
  return data;
}

/** A one-tap renewal request; the server writes its message and answers a repeat with the first id. */
export async function requestRenewal(
  api: ApiClient,
  request: { categoryId: number; streamId: number },
): Promise<{ id: number }> {
  const { data } = await api.request(WireQuestionIdSchema, '/tech-questions/auto', {
    method: 'POST',
    body: { support_category_id: request.categoryId, target_id: request.streamId },
  });
  return data;
}
