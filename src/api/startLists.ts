import * as v from 'valibot';
import type {
  Banner,
  Community,
  Installment,
  StartLists,
  Stream,
  Subscription,
  UserCommunity,
} from '../domain/startLists';
import { startsInTurn } from '../platform/startsInTurn';
import { type ApiClient, readPagination } from './client';
import { flagToBoolean, nullableSecondsToMs, secondsToMs, WireFlag } from './wire';

/**
 * The lists the app loads after sign-in (shell spec, section 4 "App start"): streams, subscriptions,
 * communities, score, banners and installments. Wire schemas follow docs/API.md; converters give
 * camelCase entities with millisecond timestamps.
 */

const nullableSeconds = v.nullish(v.number());

export const WireStreamSchema = v.object({
  id: v.number(),
  course_id: v.number(),
  start_date: v.number(),
  end_date: nullableSeconds,
  status: v.union([v.string(), v.number()]),
  is_demo: WireFlag,
  course_version: v.nullish(v.number()),
  course_full_access: WireFlag,
  mobile_access: WireFlag,
  is_optional_purchase: WireFlag,
  progress: v.optional(
    v.object({ days_count: v.number(), complete_days_count: v.number(), progress: v.number() }),
  ),
});

export function toStream(wire: v.InferOutput<typeof WireStreamSchema>): Stream {
  return {
    id: wire.id,
    courseId: wire.course_id,
    startDate: secondsToMs(wire.start_date),
    endDate: nullableSecondsToMs(wire.end_date),
    status: String(wire.status),
    isDemo: flagToBoolean(wire.is_demo),
    courseVersion: wire.course_version ?? null,
    courseFullAccess: flagToBoolean(wire.course_full_access),
    mobileAccess: flagToBoolean(wire.mobile_access),
    isOptionalPurchase: flagToBoolean(wire.is_optional_purchase),
    progress: {
      daysCount: wire.progress?.days_count ?? 0,
      completeDaysCount: wire.progress?.complete_days_count ?? 0,
      // The spec caps the progress percentage at 100.
      progress: Math.min(wire.progress?.progress ?? 0, 100),
    },
  };
}

export const WireSubscriptionSchema = v.object({
  id: v.number(),
  status: v.union([v.string(), v.number()]),
  is_lifetime: WireFlag,
  is_active: WireFlag,
  title: v.string(),
  period_count: v.nullish(v.number()),
  period: v.nullish(v.string()),
  next_pay_at: nullableSeconds,
  end_date: nullableSeconds,
  course_service_type: v.nullish(v.union([v.string(), v.number()])),
  recurrent_payments_enabled: WireFlag,
});

export function toSubscription(wire: v.InferOutput<typeof WireSubscriptionSchema>): Subscription {
  return {
    id: wire.id,
    status: String(wire.status),
    isLifetime: flagToBoolean(wire.is_lifetime),
    isActive: flagToBoolean(wire.is_active),
    title: wire.title,
    // The client names the count `period` and its unit `interval` (content spec, section 3).
    period: wire.period_count ?? null,
    interval: wire.period ?? null,
    nextPayAt: nullableSecondsToMs(wire.next_pay_at ?? wire.end_date),
    endDate: nullableSecondsToMs(wire.end_date),
    courseServiceType: wire.course_service_type == null ? null : String(wire.course_service_type),
    recurrentPaymentsEnabled: flagToBoolean(wire.recurrent_payments_enabled),
  };
}

export const WireCommunitySchema = v.object({
  id: v.number(),
  uniq: v.nullish(v.string()),
  title: v.string(),
  slug: v.nullish(v.string()),
  chat_only: WireFlag,
  course_ids: v.optional(v.array(v.number()), []),
});
export const toCommunity = (wire: v.InferOutput<typeof WireCommunitySchema>): Community => ({
  id: wire.id,
  uniq: wire.uniq ?? null,
  title: wire.title,
  slug: wire.slug ?? null,
  chatOnly: flagToBoolean(wire.chat_only),
  courseIds: wire.course_ids,
});

export const WireUserCommunitySchema = v.object({
  community_id: v.number(),
  start_date: nullableSeconds,
  end_date: nullableSeconds,
  is_optional_purchase: WireFlag,
});
export const toUserCommunity = (wire: v.InferOutput<typeof WireUserCommunitySchema>): UserCommunity => ({
  communityId: wire.community_id,
  startDate: nullableSecondsToMs(wire.start_date),
  endDate: nullableSecondsToMs(wire.end_date),
  isOptionalPurchase: flagToBoolean(wire.is_optional_purchase),
});

export const WireBannerSchema = v.object({
  id: v.number(),
  title: v.string(),
  type: v.union([v.string(), v.number()]),
  sort: v.number(),
  platforms: v.optional(v.array(v.string()), []),
  positions: v.optional(v.array(v.number()), []),
});
export const toBanner = (wire: v.InferOutput<typeof WireBannerSchema>): Banner => ({
  ...wire,
  type: String(wire.type),
});

export const WireInstallmentSchema = v.object({ id: v.number(), status: v.union([v.string(), v.number()]) });
export const toInstallment = (wire: v.InferOutput<typeof WireInstallmentSchema>): Installment => ({
  id: wire.id,
  status: String(wire.status),
});

/** Reads every page of a list call (the server pages lists by 20). */
async function fetchAll<S extends v.GenericSchema>(
  api: ApiClient,
  schema: S,
  path: string,
): Promise<v.InferOutput<S>[]> {
  const items: v.InferOutput<S>[] = [];
  for (let page = 1; ; page += 1) {
    const { data, headers } = await api.request(v.array(schema), path, { query: { page } });
    items.push(...data);
    const pagination = readPagination(headers);
    if (!pagination || page >= pagination.pageCount || data.length === 0) return items;
  }
}

export const fetchStreams = async (api: ApiClient) =>
  (await fetchAll(api, WireStreamSchema, '/user-course-streams')).map(toStream);
export const fetchSubscriptions = async (api: ApiClient) =>
  (await fetchAll(api, WireSubscriptionSchema, '/payment-subscription')).map(toSubscription);
export const fetchCommunities = async (api: ApiClient) =>
  (await fetchAll(api, WireCommunitySchema, '/community')).map(toCommunity);
export const fetchUserCommunities = async (api: ApiClient) =>
  (await fetchAll(api, WireUserCommunitySchema, '/user-community')).map(toUserCommunity);
export const fetchBanners = async (api: ApiClient) =>
  (await fetchAll(api, WireBannerSchema, '/banners')).map(toBanner);
export const fetchInstallments = async (api: ApiClient) =>
  (await fetchAll(api, WireInstallmentSchema, '/installment')).map(toInstallment);

export const WireScoreAmountSchema = v.object({ amount: v.number() });

export async function fetchScoreAmount(api: ApiClient): Promise<number> {
  const { data } = await api.request(WireScoreAmountSchema, '/user-score/amount');
  return data.amount;
}

/**
 * Everything the home screens need after sign-in, loaded in parallel (started a task apart);
 * banners only when enabled.
 */
export async function fetchStartLists(
  api: ApiClient,
  options: { bannersEnabled: boolean },
): Promise<StartLists> {
  const inTurn = startsInTurn();
  const [streams, communities, userCommunities, scoreAmount, banners, installments] = await Promise.all([
    inTurn(() => fetchStreams(api)),
    inTurn(() => fetchCommunities(api)),
    inTurn(() => fetchUserCommunities(api)),
    inTurn(() => fetchScoreAmount(api)),
    options.bannersEnabled ? inTurn(() => fetchBanners(api)) : Promise.resolve([]),
    inTurn(() => fetchInstallments(api)),
  ]);
  return { streams, communities, userCommunities, scoreAmount, banners, installments };
}
