import fc from 'fast-check';
import type * as v from 'valibot';
import type { ApiRoute } from '../../server/http/route';
import { DEMO_ACCOUNTS } from '../../server/seed/index';

/**
 * Generated requests for the fuzz test: for one route of the route table, any method now and then,
 * path ids, query and body built from the route's own schemas, and a credential. Tokens exist only
 * once the server runs, so a request names the kind of credential and its sender fills the token in.
 */

export type Credential = 'none' | 'bearer' | 'cookie' | 'revoked' | 'forged-bearer' | 'forged-cookie';
/** `encoded` goes into the URL as given (e.g. `%FF`, invalid UTF-8); `text` is percent-encoded first. */
export type UrlPart = { encoded: string } | { text: string } | { token: true };
export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'bytes'; bytes: Buffer; contentType: string };

export interface FuzzRequest {
  method: string;
  params: Record<string, UrlPart>;
  query: [string, UrlPart][];
  body: Body;
  credential: Credential;
  /** The token of a forged credential. */
  forged: string;
}

/** Percent-encodes the UTF-8 bytes of any string (lone surrogates become U+FFFD, as a browser does). */
export const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

const INVALID_UTF8 = ['%FF', '%C3%28', '%ED%A0%80', '%F0%28%8C%BC', '%E2%82', '%C0%AF', '%00', '%', '%G1'];

const ODD_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\ud800',
  '\udfff',
  '\ufeff',
  '\ufffd',
  'é',
  '😀',
  '\\',
  '"',
  "'",
  '%',
  ';',
  '\n',
  '\t',
  ' ',
];

/** Values a form would send, so that generated requests also get past the first checks. */
const PLAUSIBLE = [
  DEMO_ACCOUNTS.learner.email,
  'fuzz@example.com',
  'a-good-password',
  'Europe/Madrid',
  'M',
  '07.11.1967',
  'ru-RU',
  'device-1',
  '+31 20 555 0100',
  'Ada',
  'statistics',
  '1',
  '20',
];

const oddText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...ODD_CHARACTERS), maxLength: 20 }),
  fc
    .tuple(fc.constantFrom(...PLAUSIBLE), fc.constantFrom(...ODD_CHARACTERS))
    .map(([text, odd]) => `${text}${odd}`),
  fc
    .tuple(fc.integer({ min: 256, max: 20_000 }), fc.constantFrom('x', 'é', '😀', '\u0000'))
    .map(([length, unit]) => unit.repeat(length)),
);

const text = fc.oneof({ weight: 3, arbitrary: oddText }, fc.constantFrom(...PLAUSIBLE));

const oddNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    0.5,
    10,
    2_147_483_647,
    2_147_483_648,
    -2_147_483_649,
    2 ** 53,
    1e308,
    -1e308,
    1e-7,
  ),
);

const { value: jsonValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    oddNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
  ),
}));

/** A value nested thousands of levels deep, in arrays or objects. */
const deeplyNested = fc.tuple(fc.integer({ min: 50, max: 3000 }), fc.boolean()).map(([depth, inArrays]) => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = inArrays ? [value] : { a: value };
  return value;
});

const fieldValue = fc.oneof({ weight: 6, arbitrary: jsonValue }, { weight: 1, arbitrary: deeplyNested });

/** The keys of an object schema, also behind a pipe (`v.pipe(v.object(...), ...)`). */
function keysOf(schema: v.GenericSchema | undefined): string[] {
  if (!schema) return [];
  if ('entries' in schema && typeof schema.entries === 'object' && schema.entries)
    return Object.keys(schema.entries);
  if ('pipe' in schema && Array.isArray(schema.pipe)) return keysOf(schema.pipe[0] as v.GenericSchema);
  return [];
}

const extraKey = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.constantFrom('id', 'user_id', '__proto__', 'token'),
);

/**
 * A value that passes the usual checks of a field of that name, so that one odd field next to
 * well-formed ones reaches the code behind the checks. Unknown names get a common text.
 */
function plausibleFor(key: string): unknown {
  if (/email|username/.test(key)) return 'fuzz@example.com';
  if (/password/.test(key)) return 'a-good-password';
  const byName: Record<string, unknown> = {
    timezone: 'Europe/Madrid',
    gender: 'F',
    phone: '+31 20 555 0100',
    birthday: '07.11.1967',
    language_code: 'ru-RU',
    app_id: 'device-1',
    instagram_id: 'ada_l',
    disable_notification: 1,
    status: 20,
    support_category_id: 1,
    href: 'https://example.com/v/home',
  };
  return byName[key] ?? 'Ada';
}

/** Characters a database or a parser is most likely to choke on: NUL, a lone surrogate, ESC. */
const DANGEROUS_CHARACTERS = ['\u0000', '\ud800', '\u001b'];

/** An odd variant of a plausible value: an odd character inside it, or any value at all. */
const oddVariant = (plausible: unknown) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...DANGEROUS_CHARACTERS), fc.boolean())
        .map(([odd, before]) => (before ? `${odd}${String(plausible)}` : `${String(plausible)}${odd}`)),
    },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_CHARACTERS).map((odd) => `${String(plausible)}${odd}`) },
    { weight: 1, arbitrary: fieldValue },
  );

/** Bodies built from the route's own keys: one odd field among well-formed ones, or all of them random. */
function objectWith(keys: string[]) {
  const wellFormed = Object.fromEntries(keys.map((key) => [key, plausibleFor(key)]));
  const allRandom = fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((key) => [key, fieldValue])), { requiredKeys: [] }),
      fc.dictionary(extraKey, fieldValue, { maxKeys: 2 }),
    )
    .map(([mine, extra]) => ({ ...extra, ...mine }));
  if (keys.length === 0) return allRandom;
  const oneOdd = fc
    .constantFrom(...keys)
    .chain((key) => oddVariant(wellFormed[key]).map((odd) => [key, odd] as const));
  return fc.oneof(
    { weight: 4, arbitrary: oneOdd.map(([key, odd]) => ({ ...wellFormed, [key]: odd })) },
    { weight: 3, arbitrary: oneOdd.map(([key, odd]) => ({ [key]: odd })) },
    { weight: 1, arbitrary: allRandom },
  );
}

const contentType = fc.oneof(
  { weight: 10, arbitrary: fc.constant('application/json') },
  fc.constantFrom(
    'application/json; charset=utf-8',
    'application/vnd.api+json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=fuzz',
    '',
  ),
);

const badBytes = fc.constantFrom(
  Buffer.from([0xff, 0xfe, 0xfd]),
  Buffer.from([0xc3, 0x28]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0x00]),
  Buffer.from([0xf0, 0x28, 0x8c, 0xbc]),
);

/** Raw bodies: JSON with invalid UTF-8 inside a string, truncated JSON, arbitrary bytes. */
const rawBody = fc.oneof(
  fc
    .tuple(fc.constantFrom('email', 'name', 'password', 'message', 'token'), badBytes)
    .map(([key, bytes]) => Buffer.concat([Buffer.from(`{"${key}":"a`), bytes, Buffer.from('b"}')])),
  fc
    .constantFrom('{', '{"email":', '[]', 'null', '"text"', '42', 'true', '{"a":1}{"b":2}', ' ')
    .map(Buffer.from),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
);

function bodyFor(route: ApiRoute): fc.Arbitrary<Body> {
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record({
        kind: fc.constant('json' as const),
        value: objectWith(keysOf(route.body)),
        contentType,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('json' as const), value: jsonValue, contentType }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('bytes' as const), bytes: rawBody, contentType }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  );
}

/** URL parts stay under Node's 16 KiB header limit, past which the answer is a bare 431. */
const urlPart: fc.Arbitrary<UrlPart> = fc.oneof(
  { weight: 4, arbitrary: text.map((value) => ({ text: value.slice(0, 1000) })) },
  { weight: 2, arbitrary: oddNumber.map((value) => ({ text: String(value) })) },
  { weight: 2, arbitrary: fc.constantFrom(...INVALID_UTF8).map((encoded) => ({ encoded })) },
  { weight: 1, arbitrary: fc.constant({ token: true as const }) },
);

/** Path ids: mostly small ones that may exist, then every kind of not-an-id. */
const pathPart: fc.Arbitrary<UrlPart> = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 30 }).map((id) => ({ text: String(id) })) },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(
        '0',
        '-1',
        '01',
        '1.5',
        '1e3',
        '0x10',
        ' 1',
        'NaN',
        '2147483647',
        '2147483648',
        '99999999999999999999',
      )
      .map((id) => ({ text: id })),
  },
  { weight: 3, arbitrary: urlPart },
);

function queryFor(route: ApiRoute): fc.Arbitrary<[string, UrlPart][]> {
  const keys = [...keysOf(route.query), 'lang', 'page', 'per-page', 'expand', 'token'];
  return fc.array(fc.tuple(fc.oneof(fc.constantFrom(...keys), extraKey), urlPart), { maxLength: 4 });
}

/** Anything a header can carry: visible ASCII and Latin-1 (fetch refuses control characters there). */
const headerCharacter = fc.oneof(fc.integer({ min: 0x21, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff }));
const forgedToken = fc.oneof(
  fc.string({ unit: headerCharacter.map((code) => String.fromCharCode(code)), minLength: 1, maxLength: 80 }),
  fc.constantFrom(...INVALID_UTF8),
);

export function requestFor(route: ApiRoute): fc.Arbitrary<FuzzRequest> {
  const paramNames = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  return fc.record({
    method: fc.oneof(
      { weight: 9, arbitrary: fc.constant(route.method.toUpperCase()) },
      { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH') },
    ),
    params: fc.record(Object.fromEntries(paramNames.map((name) => [name, pathPart]))),
    query: queryFor(route),
    body: bodyFor(route),
    credential: fc.oneof(
      { weight: 4, arbitrary: fc.constant<Credential>('bearer') },
      { weight: 2, arbitrary: fc.constant<Credential>('cookie') },
      { weight: 1, arbitrary: fc.constant<Credential>('none') },
      { weight: 1, arbitrary: fc.constantFrom<Credential>('revoked', 'forged-bearer', 'forged-cookie') },
    ),
    forged: forgedToken,
  });
}
