import * as v from 'valibot';
import { expect } from 'vitest';
import { WireAnalyticsAnswer } from '../../src/api/analytics';
import { WireAppRatingSchema } from '../../src/api/appRating';
import { WireClientErrorAnswer } from '../../src/api/clientErrors';
import { WireConfigSchema } from '../../src/api/config';
import { WireCookiePolicy, WireCookieSettings, WireStoredCookiePolicy } from '../../src/api/cookie';
import { WireCourseServiceSchema } from '../../src/api/courseServices';
import { WireCourseSchema, WireCourseVersionSchema, WireStageSchema } from '../../src/api/courses';
import {
  WireDayProgressSchema,
  WireDayStatusSchema,
  WireSavedLessonStatSchema,
} from '../../src/api/dayStatuses';
import { WireDaySchema } from '../../src/api/days';
import { WirePushKeySchema } from '../../src/api/push';
import { WireScheduleSchema } from '../../src/api/schedule';
import { WireScoreSchema } from '../../src/api/scores';
import { WireSignupCheckSchema } from '../../src/api/signup';
import { WireExternalAuthSchema } from '../../src/api/social';
import {
  WireBannerSchema,
  WireCommunitySchema,
  WireInstallmentSchema,
  WireScoreAmountSchema,
  WireStreamSchema,
  WireSubscriptionSchema,
  WireUserCommunitySchema,
} from '../../src/api/startLists';
import { WireCourseStreamSchema, WireStreamStatusSchema } from '../../src/api/streams';
import { WireSupportAnswerSchema } from '../../src/api/support';
import { WireQuestionIdSchema, WireSupportCategorySchema } from '../../src/api/supportQuestions';
import { WireUploadSchema } from '../../src/api/uploads';
import { WireSessionSchema, WireUserSchema } from '../../src/api/user';
import { WireEmpty } from '../../src/api/wire';

/**
 * The contract seen from the app's side: for every call the app makes, the wire schema its API
 * module parses the answer's `data` with. The test client holds every success answer to it, so a
 * field the server renames or drops fails the API tests, not the app in a browser.
 */
const CLIENT_SCHEMAS: Readonly<Record<string, v.GenericSchema>> = {
  'GET /external-application-config': WireConfigSchema,
  'POST /auth/login': WireSessionSchema,
  'POST /auth/signup-by-email': WireSessionSchema,
  'POST /auth/validate-signup-form': WireSignupCheckSchema,
  'POST /auth/request-password-reset': WireEmpty,
  'POST /auth/reset-password': WireSessionSchema,
  'POST /auth/logout': WireEmpty,
  'POST /auth/social/exchange': WireSessionSchema,
  'GET /user-external-auth': v.array(WireExternalAuthSchema),
  'DELETE /user-external-auths/:id': WireEmpty,
  'GET /user': WireUserSchema,
  'POST /user': WireUserSchema,
  'DELETE /user': WireEmpty,
  'POST /user/update-user': WireUserSchema,
  'POST /user/update-password': WireSessionSchema,
  'POST /user/avatar': WireUserSchema,
  'POST /media/upload': WireUploadSchema,
  'POST /tech-questions/anonymous': WireSupportAnswerSchema,
  'POST /tech-questions': WireQuestionIdSchema,
  'POST /tech-questions/auto': WireQuestionIdSchema,
  'GET /support-category': v.array(WireSupportCategorySchema),
  'GET /app-rating': WireAppRatingSchema,
  'POST /app-rating': WireAppRatingSchema,
  'POST /client-errors': WireClientErrorAnswer,
  'GET /cookie': WireCookieSettings,
  'GET /cookie/get-policy': WireStoredCookiePolicy,
  'POST /cookie/update-policy': WireCookiePolicy,
  'POST /analytics/events': WireAnalyticsAnswer,
  'GET /user-course-streams': v.array(WireCourseStreamSchema),
  'GET /payment-subscription': v.array(WireSubscriptionSchema),
  'GET /community': v.array(WireCommunitySchema),
  'GET /user-community': v.array(WireUserCommunitySchema),
  'GET /banners': v.array(WireBannerSchema),
  'GET /installment': v.array(WireInstallmentSchema),
  'GET /user-score/amount': WireScoreAmountSchema,
  'GET /user-score': v.array(WireScoreSchema),
  'GET /user-course-streams/:id': WireCourseStreamSchema,
  'GET /user-course-streams/:id/status': WireStreamStatusSchema,
  'POST /user-course-streams/:id/filters': WireCourseStreamSchema,
  'POST /user-course-streams/:id/freeze/create': WireCourseStreamSchema,
  'GET /user-course-streams/:id/freeze/cancel': WireCourseStreamSchema,
  'POST /user-course-streams/:streamId/user-day-status/:dayId/start': WireDayStatusSchema,
  'POST /user-course-streams/:streamId/user-day-status/:dayId/finish': WireDayStatusSchema,
  'GET /user-course-streams/:streamId/user-day-status/:id/progress': WireDayProgressSchema,
  'POST /save-lesson-stat': WireSavedLessonStatSchema,
  'GET /course-services/view': WireCourseServiceSchema,
  'POST /course-services/:id/enrol-demo': WireStreamSchema,
  // Before `/courses/:courseId`, whose pattern also matches "versions".
  'GET /courses/versions': v.array(WireCourseVersionSchema),
  'GET /courses': v.array(WireCourseSchema),
  'GET /courses/:courseId': WireCourseSchema,
  'GET /courses/:courseId/stages': v.array(WireStageSchema),
  'GET /courses/:courseId/days': v.array(WireDaySchema),
  'GET /courses/:courseId/stages/:stageId/days': v.array(WireDaySchema),
  'GET /courses/:courseId/stages/:stageId/days/:dayId': WireDaySchema,
  'POST /user/notification': WireUserSchema,
  'GET /schedule': WireScheduleSchema,
  'PUT /schedule/update': WireScheduleSchema,
  'GET /push/vapid-public-key': WirePushKeySchema,
  'POST /push-subscriptions': WireEmpty,
  'DELETE /push-subscriptions': WireEmpty,
};

/** Calls the server answers and the app does not make (yet): nothing on the app's side to hold them to. */
export const NOT_CLIENT_CALLS: ReadonlySet<string> = new Set([
  'POST /auth/login-by-app-id',
  'POST /auth/signup-by-app-id',
  'GET /events',
  // Browser navigations to and from the identity providers (redirects), not calls of the API client.
  'GET /auth/social/:provider',
  'GET /auth/social/:provider/link',
  'GET /auth/social/:provider/callback',
  'POST /auth/social/:provider/callback',
]);

/** Every call named here, by `METHOD /pattern`. */
export const CONTRACT_CALLS: readonly string[] = [...Object.keys(CLIENT_SCHEMAS), ...NOT_CLIENT_CALLS];

const matches = (pattern: string, path: string) =>
  new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`).test(path);

/** The `METHOD /pattern` of a call path relative to the API base (query and trailing slash ignored). */
export function callOf(method: string, path: string): string | undefined {
  const bare = path.split('?')[0]?.replace(/(.)\/+$/, '$1') ?? '';
  return CONTRACT_CALLS.find((call) => {
    const [callMethod = '', pattern = ''] = call.split(' ');
    return callMethod === method.toUpperCase() && matches(pattern, bare);
  });
}

/** Parses a success answer the way the app does: the `{ data }` envelope through `schema`. */
export function expectWire<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  const parsed = v.safeParse(v.object({ data: schema }), body);
  const problems = parsed.issues ? v.flatten<v.GenericSchema>(parsed.issues) : undefined;
  expect(problems, "the answer does not fit the app's wire schema").toBeUndefined();
  return (parsed.output as { data: v.InferOutput<S> }).data;
}

/** Holds a success answer of `METHOD path` to the app's schema for that call. */
export function expectClientContract(method: string, path: string, body: unknown): void {
  const call = callOf(method, path);
  if (!call) {
    throw new Error(
      `${method} ${path} answered with success but is not in tests/api/contract.ts: add the app's wire schema for it, or list it among the calls the app does not make`,
    );
  }
  const schema = CLIENT_SCHEMAS[call];
  if (schema) expectWire(schema, body);
}
