import * as v from 'valibot';
import type { ApiClient } from './client';

export type SupportQuestion = { name: string; email: string; message: string; supportCategoryId?: number };

export function toWireSupportQuestion(question: SupportQuestion) {
  return {
    name: question.name,
    email: question.email,
    message: question.message,
    ...(question.supportCategoryId === undefined ? {} : { support_category_id: question.supportCategoryId }),
  };
}

export const WireSupportAnswerSchema = v.object({ id: v.number() });

/** A question from a visitor who is not signed in (POST /tech-questions/anonymous). */
export async function sendSupportQuestion(
  api: ApiClient,
  question: SupportQuestion,
): Promise<{ id: number }> {
  const { data } = await api.request(WireSupportAnswerSchema, '/tech-questions/anonymous', {
    method: 'POST',
    body: toWireSupportQuestion(question),
  });
  return data;
}
