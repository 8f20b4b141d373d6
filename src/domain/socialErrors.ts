import type { Language } from '../../brands/schema';
import { NETWORK_NAMES } from './socialNetworks';
import type { ExternalAuthSource } from './user';

/**
 * Every error code the social sign-in and linking flows can end with (shell spec, section 8), and
 * its text in each language. The server writes the text as `errorMessage` of a failed link; the app
 * shows the text for the code of a failed sign-in. One table for both, so they never disagree.
 */

export const SOCIAL_ERROR_CODES = [
  'common_no_social_id',
  'login_no_link',
  'login_no_user_from_link',
  'link_user_unauthorised',
  'link_social_id_already_taken',
  'cancelled',
  'flow_expired',
  'unknown_error',
] as const;
export type SocialErrorCode = (typeof SOCIAL_ERROR_CODES)[number];

type Texts = Record<Language, string>;

const TEXTS: Record<SocialErrorCode, Texts> = {
  common_no_social_id: {
    en: 'Signing in with {network} did not tell us which account you used. Please try again.',
    ru: 'При входе через {network} не удалось узнать, какой аккаунт вы использовали. Попробуйте ещё раз.',
    es: 'Al iniciar sesión con {network} no supimos qué cuenta usaste. Inténtalo de nuevo.',
  },
  // The spec's own words (section 8).
  login_no_link: {
    en: 'You are trying to log in with {network}. There is no user with such an account. Sign in with your e-mail address.',
    ru: 'Вы пытаетесь войти через {network}. Пользователя с таким аккаунтом нет. Войдите по адресу электронной почты.',
    es: 'Intentas iniciar sesión con {network}. No hay ningún usuario con esa cuenta. Inicia sesión con tu correo electrónico.',
  },
  login_no_user_from_link: {
    en: 'The account this {network} profile was linked to no longer exists.',
    ru: 'Аккаунт, к которому был привязан этот профиль {network}, больше не существует.',
    es: 'La cuenta a la que estaba vinculado este perfil de {network} ya no existe.',
  },
  link_user_unauthorised: {
    en: 'Your session has ended. Sign in again to link {network}.',
    ru: 'Ваш сеанс завершён. Войдите снова, чтобы привязать {network}.',
    es: 'Tu sesión ha terminado. Vuelve a iniciar sesión para vincular {network}.',
  },
  link_social_id_already_taken: {
    en: 'This {network} account is already linked to another user.',
    ru: 'Этот аккаунт {network} уже привязан к другому пользователю.',
    es: 'Esta cuenta de {network} ya está vinculada a otro usuario.',
  },
  cancelled: {
    en: 'Signing in with {network} was cancelled.',
    ru: 'Вход через {network} отменён.',
    es: 'Se canceló el inicio de sesión con {network}.',
  },
  flow_expired: {
    en: 'This sign-in took too long or was already used. Please try again.',
    ru: 'Вход занял слишком много времени или уже был использован. Попробуйте ещё раз.',
    es: 'El inicio de sesión tardó demasiado o ya se usó. Inténtalo de nuevo.',
  },
  unknown_error: {
    en: 'Something went wrong with {network}. Please try again later.',
    ru: 'Что-то пошло не так при входе через {network}. Попробуйте позже.',
    es: 'Algo salió mal con {network}. Inténtalo más tarde.',
  },
};

/** Stands for the network when the answer did not name one. */
const SOME_NETWORK: Texts = { en: 'the social network', ru: 'соцсеть', es: 'la red social' };

export function isSocialErrorCode(value: string): value is SocialErrorCode {
  return (SOCIAL_ERROR_CODES as readonly string[]).includes(value);
}

/** The text of a code in a language, naming the network (or "the social network" when unknown). */
export function socialErrorText(
  code: SocialErrorCode,
  language: Language,
  network?: ExternalAuthSource,
): string {
  const name = network ? NETWORK_NAMES[network] : SOME_NETWORK[language];
  return TEXTS[code][language].replace('{network}', name);
}
