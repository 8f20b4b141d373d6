import * as v from 'valibot';
import type { Language } from '../../brands';

/** Small pieces shared by the wire schemas: the server's 0/1 flags, second timestamps, language codes. */

export const WireFlag = v.union([v.literal(0), v.literal(1), v.boolean()]);
export const flagToBoolean = (flag: v.InferOutput<typeof WireFlag>): boolean => flag === 1 || flag === true;

/** Server timestamps are whole seconds; the client keeps milliseconds. */
export const secondsToMs = (seconds: number): number => seconds * 1000;
export const nullableSecondsToMs = (seconds: number | null | undefined): number | null =>
  seconds == null ? null : secondsToMs(seconds);

const LANGUAGE_CODES: Record<Language, string> = { ru: 'ru-RU', en: 'en-US', es: 'es-ES' };

export function languageToCode(language: Language): string {
  return LANGUAGE_CODES[language];
}

/** `ru-RU` → `ru`; anything unknown → null (the caller keeps its own default). */
export function codeToLanguage(code: string | null | undefined): Language | null {
  const prefix = code?.slice(0, 2).toLowerCase();
  return prefix === 'ru' || prefix === 'en' || prefix === 'es' ? prefix : null;
}

/** An empty object: the answer of calls that only confirm. */
export const WireEmpty = v.unknown();
