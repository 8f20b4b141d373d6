import * as v from 'valibot';
import {
  CHAT_QUESTIONS,
  type ChatQuestionType,
  QUESTION_TYPES,
  questionListProblem,
} from '../src/domain/registrationChat';

/** Languages the product ships catalogs for. */
export const LANGUAGES = ['en', 'ru', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

const language = v.picklist(LANGUAGES);
const perLanguageUrl = v.object({
  ru: v.optional(v.string()),
  en: v.optional(v.string()),
  es: v.optional(v.string()),
});
/** A text the brand writes: one string for every language, or one per language. */
const brandText = v.union([
  v.pipe(v.string(), v.minLength(1)),
  v.object({ ru: v.optional(v.string()), en: v.optional(v.string()), es: v.optional(v.string()) }),
]);
/**
 * Every question type, for the brand schema's check. Marked free of side effects so that the app,
 * which uses the remote config's schema from this module but not the brand's, drops it and the
 * question table it reads: computed at the top of the module, it rode in the sign-in page's JS.
 */
/* @__NO_SIDE_EFFECTS__ */
function chatQuestionTypes(): ChatQuestionType[] {
  return [...new Set(Object.values(QUESTION_TYPES).flat())];
}
const CHAT_QUESTION_TYPES = chatQuestionTypes();
const socialProvider = v.picklist(['google', 'vkontakte', 'facebook', 'apple']);
const hexColour = v.pipe(v.string(), v.regex(/^#[0-9a-f]{6}$/i, 'a colour is #rrggbb'));

/** Feature flags of a variant (shell spec, section 6): the part a remote config may switch. */
const FlagsSchema = v.object({
  isDemoAccessible: v.boolean(),
  isAppStoreSupport: v.boolean(),
  isBannerEnable: v.boolean(),
  isChatSupport: v.boolean(),
  isVideoConsultationSupport: v.boolean(),
  isOfflineEnable: v.boolean(),
  isUserAnonAuthEnable: v.boolean(),
  isRegistrationEnable: v.boolean(),
  isCookieEnable: v.boolean(),
  isPushSupport: v.boolean(),
  /** The mobile-subscription case: the web app is replaced by "This version of the site is not available". */
  isSiteUnavailable: v.boolean(),
});

/**
 * Configuration of one white-label variant (shell document, section 3 "Configuration per variant").
 * `version` is the config format version: a remote config replaces the built-in one only when the
 * versions match, so an old app never reads a config shape it does not understand.
 */
export const BrandConfigSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9-]*$/)),
  appId: v.string(),
  version: v.number(),
  hosts: v.pipe(v.array(v.string()), v.minLength(1)),
  fbq: v.optional(v.string()),
  gtm: v.optional(v.string()),
  statistic: v.object({
    TIMEOUT_SAVE_STATISTIC: v.number(),
    MIN_SAVE_VIEWED_MS: v.number(),
    MIN_SAVE_VIEWED_MS_VIDEO_ENDED: v.number(),
  }),
  demoCourseServiceId: v.optional(v.number()),
  flags: FlagsSchema,
  saleEmail: v.optional(v.pipe(v.string(), v.email())),
  daysShowWarning: v.number(),
  supportCategoryIds: v.object({
    passHomework: v.number(),
    renewCourse: v.number(),
    renewConsultation: v.number(),
  }),
  socialAuth: v.object({
    web: v.array(socialProvider),
    ios: v.array(socialProvider),
    android: v.array(socialProvider),
  }),
  /**
   * The registration chat (docs/REGISTRATION_CHAT.md): the welcome messages, then the questions in
   * the chat's order. No questions: sign-up is the form only.
   */
  userInfoChat: v.object({
    welcomeMessages: v.array(brandText),
    questions: v.array(
      v.object({
        name: v.picklist(CHAT_QUESTIONS),
        type: v.picklist(CHAT_QUESTION_TYPES),
        required: v.boolean(),
      }),
    ),
  }),
  messageDelay: v.number(),
  instructionUrl: perLanguageUrl,
  guidelineUrl: perLanguageUrl,
  communityUrlFrontend: v.optional(v.string()),
  communityUrlApi: v.optional(v.string()),
  clubInApp: v.optional(
    v.object({ title: v.string(), description: v.string(), image: v.string(), showButtonGoTo: v.boolean() }),
  ),
  cookiePolicyLink: v.optional(v.string()),
  /**
   * The previous learner site while both run (docs/SUPPORT.md): the home page says the old one stays
   * available until `oldCabinetUntil` (YYYY-MM-DD) and links to it. Unset: nothing is shown.
   */
  oldCabinetUrl: v.optional(v.string()),
  oldCabinetUntil: v.optional(v.string()),
  /** The points page: the spending threshold, the brand's links, and its questions and answers. */
  pointsInfo: v.object({
    countPointsToDebit: v.number(),
    links: v.array(v.object({ title: brandText, url: v.string() })),
    faq: v.array(v.object({ question: brandText, answer: brandText })),
  }),
  assets: v.object({
    theme: v.object({
      primary: hexColour,
      primaryText: hexColour,
      background: hexColour,
      surface: hexColour,
      text: hexColour,
    }),
    title: v.pipe(v.string(), v.minLength(1)),
    logo: v.string(),
    /**
     * A square mark (SVG under public/, like the logo) the installed app's icons are drawn from. The
     * logo is usually a wordmark, whose text is unreadable at launcher size; without a mark the icons
     * are drawn from the logo.
     */
    icon: v.optional(v.string()),
    homepage: v.pipe(v.string(), v.startsWith('/')),
    supportEmail: v.pipe(v.string(), v.email()),
    whatsAppNumber: v.optional(v.pipe(v.string(), v.regex(/^\d{7,15}$/, 'digits only, with country code'))),
    supportedLanguage: v.pipe(v.array(language), v.minLength(1)),
    defaultLanguage: language,
    footer: v.string(),
  }),
});

export type BrandConfig = v.InferOutput<typeof BrandConfigSchema>;

/** The part of a brand the server may replace at run time (GET /external-application-config). */
export const RemoteConfigSchema = v.object({
  version: v.number(),
  flags: v.optional(v.partial(FlagsSchema)),
  daysShowWarning: v.optional(v.number()),
  messageDelay: v.optional(v.number()),
  demoCourseServiceId: v.optional(v.number()),
  /** The brand's web providers the server is configured for: the only social buttons to show. */
  socialAuthWeb: v.optional(v.array(socialProvider)),
});
export type RemoteConfig = v.InferOutput<typeof RemoteConfigSchema>;

/**
 * Checks a brand against the schema and its cross-field rules. The brand files are plain typed
 * objects so the app bundle carries no schema; the server checks every brand when it starts and
 * the unit tests check them too.
 */
export function parseBrand(input: unknown): BrandConfig {
  const brand = v.parse(BrandConfigSchema, input);
  if (!brand.assets.supportedLanguage.includes(brand.assets.defaultLanguage)) {
    throw new Error(`brand ${brand.id}: default language ${brand.assets.defaultLanguage} is not supported`);
  }
  // Checked here rather than with valibot's url and date actions: their code would ride in the
  // sign-in page's JS, which parses the embedded brand.
  if (brand.oldCabinetUrl !== undefined && !/^https?:\/\/\S+$/.test(brand.oldCabinetUrl)) {
    throw new Error(`brand ${brand.id}: oldCabinetUrl must be an http(s) address`);
  }
  if (brand.oldCabinetUntil !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(brand.oldCabinetUntil)) {
    throw new Error(`brand ${brand.id}: oldCabinetUntil must be a date (YYYY-MM-DD)`);
  }
  const chatProblem = questionListProblem(brand.userInfoChat.questions);
  if (chatProblem) throw new Error(`brand ${brand.id}: userInfoChat: ${chatProblem}`);
  return brand;
}

/** Applies a remote config only when its version matches the built-in one; otherwise keeps the brand. */
export function mergeRemoteConfig(brand: BrandConfig, remote: RemoteConfig): BrandConfig {
  if (remote.version !== brand.version) return brand;
  return {
    ...brand,
    flags: { ...brand.flags, ...remote.flags },
    daysShowWarning: remote.daysShowWarning ?? brand.daysShowWarning,
    messageDelay: remote.messageDelay ?? brand.messageDelay,
    demoCourseServiceId: remote.demoCourseServiceId ?? brand.demoCourseServiceId,
    socialAuth: remote.socialAuthWeb ? { ...brand.socialAuth, web: remote.socialAuthWeb } : brand.socialAuth,
  };
}
