import type { BrandConfig } from './schema';

/** Kite School: invitation only (no registration), Russian first, no WhatsApp. Served on 127.0.0.1. */
export const kite: BrandConfig = {
  id: 'kite',
  appId: 'kite-web',
  version: 13,
  hosts: ['127.0.0.1'],
  statistic: {
    TIMEOUT_SAVE_STATISTIC: 5000,
    MIN_SAVE_VIEWED_MS: 2000,
    MIN_SAVE_VIEWED_MS_VIDEO_ENDED: 30000,
  },
  flags: {
    isDemoAccessible: false,
    isAppStoreSupport: false,
    isBannerEnable: false,
    isChatSupport: true,
    isVideoConsultationSupport: false,
    isOfflineEnable: false,
    isUserAnonAuthEnable: false,
    isRegistrationEnable: false,
    isCookieEnable: false,
    isPushSupport: false,
    isSiteUnavailable: false,
  },
  daysShowWarning: 30,
  supportCategoryIds: { passHomework: 3, renewCourse: 6, renewConsultation: 7 },
  // Shown only for the providers the server is configured for (GET /external-application-config).
  socialAuth: { web: ['google', 'vkontakte', 'facebook', 'apple'], ios: [], android: [] },
  userInfoChat: { welcomeMessages: [], questions: [] },
  messageDelay: 15,
  instructionUrl: { ru: '/v/docs/instruction-ru.html', en: '/v/docs/instruction-en.html' },
  guidelineUrl: {},
  pointsInfo: {
    countPointsToDebit: 200,
    links: [],
    faq: [
      {
        question: { ru: 'За что начисляются баллы?', en: 'What are points given for?' },
        answer: {
          ru: 'Школа начисляет баллы за пройденные дни курса и по акциям. Все начисления и списания есть в истории.',
          en: 'The school gives points for finished course days and in its promotions. Every top-up and debit is in your history.',
        },
      },
      {
        question: { ru: 'Как потратить баллы?', en: 'How do I spend points?' },
        answer: {
          ru: 'Когда на балансе наберётся нужная сумма, напишите в поддержку: баллы зачтут в оплату следующего курса.',
          en: 'Once your balance reaches the amount needed, write to support: the points count towards your next course.',
        },
      },
    ],
  },
  assets: {
    theme: {
      primary: '#b45309',
      primaryText: '#ffffff',
      background: '#fff8ef',
      surface: '#ffffff',
      text: '#1f1300',
    },
    title: 'Kite School',
    logo: '/v/brands/kite/logo.svg',
    icon: '/v/brands/kite/icon.svg',
    homepage: '/courses',
    supportEmail: 'care@kite.example',
    supportedLanguage: ['ru', 'en'],
    defaultLanguage: 'ru',
    footer: '© Kite School',
  },
};
