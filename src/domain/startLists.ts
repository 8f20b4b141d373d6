/**
 * What the app holds after sign-in (shell spec, section 4 "App start"): the learner's streams,
 * subscriptions, communities, points, banners and installments, as client entities (camelCase,
 * millisecond timestamps). src/api/startLists.ts converts the server's lists into these.
 */

export type Stream = {
  id: number;
  courseId: number;
  startDate: number;
  endDate: number | null;
  status: string;
  isDemo: boolean;
  courseVersion: number | null;
  courseFullAccess: boolean;
  mobileAccess: boolean;
  isOptionalPurchase: boolean;
  progress: { daysCount: number; completeDaysCount: number; progress: number };
};

export type Subscription = {
  id: number;
  status: string;
  isLifetime: boolean;
  isActive: boolean;
  title: string;
  /** How many intervals one paid period lasts (the server's `period_count`). */
  period: number | null;
  /** The unit of the period: day, week, month or year (the server's `period`). */
  interval: string | null;
  /** The next charge; the end date when the server names no charge (content spec, section 3). */
  nextPayAt: number | null;
  endDate: number | null;
  courseServiceType: string | null;
  recurrentPaymentsEnabled: boolean;
};

export type Community = {
  id: number;
  uniq: string | null;
  title: string;
  slug: string | null;
  chatOnly: boolean;
  courseIds: number[];
};

export type UserCommunity = {
  communityId: number;
  startDate: number | null;
  endDate: number | null;
  isOptionalPurchase: boolean;
};

export type Banner = {
  id: number;
  title: string;
  type: string;
  sort: number;
  platforms: string[];
  positions: number[];
};

export type Installment = { id: number; status: string };

export type StartLists = {
  streams: Stream[];
  communities: Community[];
  userCommunities: UserCommunity[];
  scoreAmount: number;
  banners: Banner[];
  installments: Installment[];
};
