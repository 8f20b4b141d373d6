import * as v from 'valibot';
import type { communities, userCommunities } from '../../db/schema';
import { toSeconds } from '../../http/time';

export const WireCommunity = v.object({
  id: v.number(),
  uniq: v.string(),
  title: v.string(),
  slug: v.string(),
  chat_only: v.number(),
  course_ids: v.array(v.number()),
});

export const WireMembership = v.object({
  community_id: v.number(),
  start_date: v.number(),
  end_date: v.number(),
  is_optional_purchase: v.number(),
});

export function toWireCommunity(row: typeof communities.$inferSelect): v.InferOutput<typeof WireCommunity> {
  return {
    id: row.id,
    uniq: row.uniq,
    title: row.title,
    slug: row.slug,
    chat_only: row.chatOnly,
    course_ids: row.courseIds,
  };
}

export function toWireMembership(
  row: typeof userCommunities.$inferSelect,
): v.InferOutput<typeof WireMembership> {
  return {
    community_id: row.communityId,
    start_date: toSeconds(row.startDate),
    end_date: toSeconds(row.endDate),
    is_optional_purchase: row.isOptionalPurchase,
  };
}
