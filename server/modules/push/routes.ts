import { ECDH } from 'node:crypto';
import * as v from 'valibot';
import { brandOffers } from '../../http/brand-flag';
import { ApiError } from '../../http/errors';
import { sendData } from '../../http/respond';
import { type ApiModule, dataAnswer, route } from '../../http/route';
import type { MessageKey } from '../../infra/i18n';
import { deleteSubscription, saveSubscription } from './queries';

const EmptyData = v.object({});
const MAX_ENDPOINT_LENGTH = 2048;

/**
 * A key of the subscription as the browser encodes it (base64url; padding taken), checked for what
 * the push encryption needs of it: a key it cannot use would make every reminder to the device throw.
 */
const PushKey = (max: number, usable: (bytes: Buffer) => boolean, message: MessageKey) =>
  v.pipe(
    v.string('pushSubscription' satisfies MessageKey),
    v.regex(/^[A-Za-z0-9_-]+={0,2}$/, 'pushSubscription' satisfies MessageKey),
    v.maxLength(max, 'pushSubscription' satisfies MessageKey),
    v.check((key) => usable(Buffer.from(key, 'base64url')), message),
  );

/** The browser's P-256 public key: an uncompressed point (0x04, then x and y), on the curve. */
function isP256Point(bytes: Buffer): boolean {
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    ECDH.convertKey(bytes, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** p256dh is 65 bytes (87 characters), auth 16 bytes (22); a little room for padding. */
const Keys = v.object(
  {
    p256dh: PushKey(100, isP256Point, 'pushKeyP256dh'),
    auth: PushKey(40, (bytes) => bytes.length === 16, 'pushKeyAuth'),
  },
  'pushSubscription' satisfies MessageKey,
);

const EndpointField = v.pipe(
  v.string('pushSubscription' satisfies MessageKey),
  v.maxLength(MAX_ENDPOINT_LENGTH, 'pushSubscription' satisfies MessageKey),
  // A browser serialises the endpoint as a URL does: printable ASCII, the rest percent-encoded. A
  // control character, a space or a lone surrogate is no endpoint, and the database could not keep NUL.
  v.regex(/^[\x21-\x7e]+$/, 'pushSubscription' satisfies MessageKey),
  // A URL; whether the server sends to it is the push sender's rule (`Push.accepts`).
  v.url('pushSubscription' satisfies MessageKey),
);

/**
 * `PushSubscription.toJSON()` as the browser gives it, its endpoint one `accepts` takes (the push
 * services this server sends to), checked with the keys so one answer names both when both are wrong.
 */
const subscriptionBody = (accepts: (endpoint: string) => boolean) =>
  v.object({
    endpoint: v.pipe(EndpointField, v.check(accepts, 'pushSubscription' satisfies MessageKey)),
    expirationTime: v.optional(v.nullable(v.number('pushSubscription' satisfies MessageKey))),
    keys: Keys,
  });

/** What the document states: any URL as the endpoint. */
const SubscriptionBody = subscriptionBody(() => true);

const EndpointQuery = v.object({ endpoint: EndpointField });

export const WirePushKey = v.object({ publicKey: v.string() });

/** Web push: the server's public key and the devices of the signed-in learner (docs/API.md, "Push"). */
export const pushModule: ApiModule = {
  tag: 'push',
  description:
    "Web push: the server's VAPID key and the learner's push subscriptions, one per device and session.",
  routes: [
    route({
      method: 'get',
      path: '/push/vapid-public-key',
      summary: 'The public key browsers subscribe with (`applicationServerKey`)',
      access: 'none',
      answer: dataAnswer(WirePushKey),
      handle: (c, _input, { push }) => sendData(c, { publicKey: push.publicKey }),
    }),

    route({
      method: 'post',
      path: '/push-subscriptions',
      summary: "Store this device's push subscription for the session",
      description:
        'Signing out of the session deletes it; an endpoint sent again moves to the newest session. ' +
        "Refused (403) on a brand whose flags say it sends no push (`isPushSupport`): its app never asks, and the reminders of its learners' devices would come from a site that offers none.",
      access: 'session',
      learnerData: true,
      precondition: brandOffers('isPushSupport', 'pushClosed'),
      body: SubscriptionBody,
      bodyFor: (_auth, { push }) => subscriptionBody(push.accepts),
      answer: dataAnswer(EmptyData),
      refusals: [403],
      async handle(c, { body, auth }, { db }) {
        await saveSubscription(db, auth.user.id, auth.sessionId, {
          endpoint: body.endpoint,
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
        });
        return sendData(c, {});
      },
    }),

    route({
      method: 'delete',
      path: '/push-subscriptions',
      summary: "Forget one of the learner's push subscriptions, by endpoint",
      access: 'session',
      learnerData: true,
      query: EndpointQuery,
      answer: dataAnswer(EmptyData),
      refusals: [404],
      async handle(c, { query, auth }, { db }) {
        if (!(await deleteSubscription(db, auth.user.id, query.endpoint)))
          throw new ApiError(404, 'notFound');
        return sendData(c, {});
      },
    }),
  ],
};
