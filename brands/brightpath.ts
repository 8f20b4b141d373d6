import type { BrandConfig } from './schema';

/** Brightpath Academy: open registration, three languages, English first. Served on localhost. */
export const brightpath: BrandConfig = {
  id: 'brightpath',
  appId: 'web',
  version: 13,
  hosts: ['localhost'],
  statistic: {
    TIMEOUT_SAVE_STATISTIC: 5000,
    MIN_SAVE_VIEWED_MS: 2000,
    MIN_SAVE_VIEWED_MS_VIDEO_ENDED: 30000,
  },
  demoCourseServiceId: 498,
  flags: {
    isDemoAccessible: true,
    isAppStoreSupport: false,
    isBannerEnable: true,
    isChatSupport: true,
    isVideoConsultationSupport: true,
    isOfflineEnable: true,
    isUserAnonAuthEnable: false,
    isRegistrationEnable: true,
    isCookieEnable: true,
    isPushSupport: true,
    isSiteUnavailable: false,
  },
  saleEmail: 'sales@brightpath.example',
  daysShowWarning: 3,
  supportCategoryIds: { passHomework: 10, renewCourse: 7, renewConsultation: 7 },
  // Shown only for the providers the server is configured for (GET /external-application-config).
  socialAuth: { web: ['google', 'vkontakte', 'facebook', 'apple'], ios: [], android: [] },
  // Sign-up as a chat (docs/REGISTRATION_CHAT.md); /signup keeps the form.
  userInfoChat: {
    welcomeMessages: [
      {
        en: 'Hi! Welcome to Brightpath Academy.',
        ru: 'Привет! Добро пожаловать в Brightpath Academy.',
        es: '¡Hola! Te damos la bienvenida a Brightpath Academy.',
      },
      {
        en: 'A few questions and your account is ready. It takes a minute.',
        ru: 'Несколько вопросов — и ваш аккаунт готов. Это займёт минуту.',
        es: 'Unas pocas preguntas y tu cuenta estará lista. Es un minuto.',
      },
    ],
    questions: [
      { name: 'firstName', type: 'text', required: true },
      { name: 'email', type: 'email', required: true },
      { name: 'password', type: 'password', required: true },
      { name: 'socials', type: 'socials', required: false },
      { name: 'birthday', type: 'date', required: false },
      { name: 'avatarId', type: 'image', required: false },
      { name: 'push', type: 'push', required: false },
    ],
  },
  messageDelay: 15,
  instructionUrl: {
    en: '/v/docs/instruction-en.html',
    ru: '/v/docs/instruction-ru.html',
    es: '/v/docs/instruction-es.html',
  },
  guidelineUrl: {},
  cookiePolicyLink: '/v/docs/cookies.html',
  pointsInfo: {
    countPointsToDebit: 200,
    links: [],
    faq: [
      {
        question: {
          en: 'How do I earn points?',
          ru: 'Как получить баллы?',
          es: '¿Cómo consigo puntos?',
        },
        answer: {
          en: 'The academy adds points for your progress and for its special offers. Every top-up appears in your points history.',
          ru: 'Академия начисляет баллы за ваш прогресс и по специальным предложениям. Каждое начисление видно в истории баллов.',
          es: 'La academia suma puntos por tu progreso y por sus ofertas especiales. Cada recarga aparece en tu historial de puntos.',
        },
      },
      {
        question: {
          en: 'What can I spend points on?',
          ru: 'На что можно потратить баллы?',
          es: '¿En qué puedo gastar los puntos?',
        },
        answer: {
          en: 'Points pay for part of your next course. Write to support once your balance reaches the amount shown above.',
          ru: 'Баллами можно оплатить часть следующего курса. Напишите в поддержку, когда баланс достигнет суммы, указанной выше.',
          es: 'Con los puntos pagas parte de tu próximo curso. Escribe a soporte cuando tu saldo alcance la cantidad indicada arriba.',
        },
      },
      {
        question: { en: 'Do points expire?', ru: 'Сгорают ли баллы?', es: '¿Caducan los puntos?' },
        answer: {
          en: 'No. Points stay on your balance for as long as you have an account.',
          ru: 'Нет. Баллы остаются на балансе, пока у вас есть аккаунт.',
          es: 'No. Los puntos se quedan en tu saldo mientras tengas una cuenta.',
        },
      },
    ],
  },
  assets: {
    theme: {
      primary: '#1d4ed8',
      primaryText: '#ffffff',
      background: '#f5f7fb',
      surface: '#ffffff',
      text: '#111827',
    },
    title: 'Brightpath Academy',
    logo: '/v/brands/brightpath/logo.svg',
    icon: '/v/brands/brightpath/icon.svg',
    homepage: '/home',
    supportEmail: 'help@brightpath.example',
    whatsAppNumber: '15551234567',
    supportedLanguage: ['en', 'ru', 'es'],
    defaultLanguage: 'en',
    footer: '© Brightpath Academy',
  },
};
