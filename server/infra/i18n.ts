import type { BrandConfig, Language } from '../../brands/index';
import { LANGUAGES } from '../../brands/index';

/** Every text the server writes, in English; ru and es must have the same keys. */
const en = {
  badJson: 'The request body is not valid JSON.',
  badEncoding: 'The request body is not valid UTF-8 text.',
  badContentType: 'Send the request body as application/json.',
  notAnObject: 'The request body must be a JSON object.',
  bodyTooLarge: 'The request body is too large ({kib} KiB at most).',
  unauthorized: 'Your session has ended. Please sign in again.',
  registrationClosed: 'Registration is closed on this site.',
  notFound: 'Not found.',
  methodNotAllowed: 'This method is not allowed here.',
  tooManyAttempts: 'Too many attempts. Try again in {minutes} min.',
  serverError: 'Something went wrong. Please try again later.',
  invalidFields: 'Please check the highlighted fields.',
  required: 'This field is required.',
  notText: 'Must be text.',
  badCharacters: 'Contains characters that cannot be saved.',
  tooLong: 'Must be at most {max} characters.',
  notWholeNumber: 'Must be a whole number.',
  notPositive: 'Must be 1 or more.',
  tooLarge: 'Must be at most {max}.',
  notFlag: 'Must be 0 or 1.',
  email: 'Enter a valid e-mail address.',
  emailTaken: 'This e-mail is already registered.',
  appId: 'Enter a valid app id.',
  appIdTaken: 'This app id is already registered.',
  passwordLength: 'The password must be 8 to 128 characters long.',
  passwordMismatch: 'The passwords do not match.',
  wrongCredentials: 'Incorrect e-mail or password.',
  wrongAppCredentials: 'Incorrect app id or password.',
  wrongCurrentPassword: 'The current password is incorrect.',
  resetTokenInvalid: 'This link is invalid or has expired. Request a new one.',
  phone: 'Invalid phone number format.',
  birthdayFormat: 'Wrong format: use DD.MM.YYYY.',
  birthdayNonexistent: 'This date does not exist.',
  gender: 'Choose M or F.',
  timezone: 'Unknown time zone.',
  languageCode: 'Choose en-US, ru-RU or es-ES.',
  status: 'Unknown status.',
  instagramStartsWithPeriod: "You can't start your username with a period",
  instagramEndsWithPeriod: "You can't end your username with a period",
  instagramDoublePeriod: "You can't have more than one period in a row",
  instagramCharacters: 'English characters only',
  emailOrStatus: 'Send an e-mail or a status.',
  idRequired: 'Id must be set',
  courseIdRequired: 'courseId must be set',
  alreadyEnrolled: 'You are already enrolled in a course.',
  notDemoService: 'This service offers no demo course.',
  controlCharacters: 'Must not contain control characters.',
  streamIdRequired: 'streamId must be set',
  statStreamIdRequired: 'StreamId must be set',
  notNegative: 'Must be 0 or more.',
  calendarDate: 'Use a date in the form YYYY-MM-DD.',
  dayNotOpen: 'This day is not open yet',
  statisticNotAccepted: 'Statistics are not accepted for this course now.',
  idempotencyKey: 'The Idempotency-Key must be 1 to 200 printable ASCII characters.',
  freezeStartBeforeToday: 'The freeze cannot start before today.',
  freezeEndNotAfterStart: 'The freeze must end after the day it starts.',
  freezeEndAfterStreamEnd: 'The freeze cannot end after your access ends.',
  freezeNotAllowed: 'This course cannot be frozen now.',
  noFreezeToCancel: 'There is no freeze to cancel.',
  filtersObject: 'Must be a JSON object.',
  filtersTooLarge: 'The filters must fit in 4 KB of JSON.',
  filtersTooDeep: 'The filters are nested too deeply.',
  resetMailSubject: 'Reset your password at {brand}',
  resetMailText:
    'Hello!\n\nWe got a request to reset the password for {email} at {brand}.\nOpen this link within an hour to choose a new password:\n\n{link}\n\nIf you did not ask for it, ignore this mail: your password stays the same.',
} as const;

export type MessageKey = keyof typeof en;
type Catalog = Record<MessageKey, string>;

const ru: Catalog = {
  badJson: 'Тело запроса — некорректный JSON.',
  badEncoding: 'Тело запроса — некорректный текст UTF-8.',
  badContentType: 'Отправьте тело запроса как application/json.',
  notAnObject: 'Тело запроса должно быть JSON-объектом.',
  bodyTooLarge: 'Слишком большой запрос (не больше {kib} КиБ).',
  unauthorized: 'Сеанс завершён. Войдите снова.',
  registrationClosed: 'Регистрация на этом сайте закрыта.',
  notFound: 'Не найдено.',
  methodNotAllowed: 'Этот метод здесь не поддерживается.',
  tooManyAttempts: 'Слишком много попыток. Повторите через {minutes} мин.',
  serverError: 'Что-то пошло не так. Попробуйте позже.',
  invalidFields: 'Проверьте отмеченные поля.',
  required: 'Заполните это поле.',
  notText: 'Должно быть текстом.',
  badCharacters: 'Содержит символы, которые нельзя сохранить.',
  tooLong: 'Не больше {max} символов.',
  notWholeNumber: 'Должно быть целым числом.',
  notPositive: 'Должно быть не меньше 1.',
  tooLarge: 'Не больше {max}.',
  notFlag: 'Должно быть 0 или 1.',
  email: 'Введите корректный e-mail.',
  emailTaken: 'Этот e-mail уже зарегистрирован.',
  appId: 'Введите корректный идентификатор приложения.',
  appIdTaken: 'Этот идентификатор приложения уже зарегистрирован.',
  passwordLength: 'Пароль должен быть длиной от 8 до 128 символов.',
  passwordMismatch: 'Пароли не совпадают.',
  wrongCredentials: 'Неверный e-mail или пароль.',
  wrongAppCredentials: 'Неверный идентификатор приложения или пароль.',
  wrongCurrentPassword: 'Текущий пароль указан неверно.',
  resetTokenInvalid: 'Ссылка недействительна или устарела. Запросите новую.',
  phone: 'Неверный формат номера телефона',
  birthdayFormat: 'Неверный формат даты',
  birthdayNonexistent: 'Несуществующая дата',
  gender: 'Выберите M или F.',
  timezone: 'Неизвестный часовой пояс.',
  languageCode: 'Выберите en-US, ru-RU или es-ES.',
  status: 'Неизвестный статус.',
  instagramStartsWithPeriod: 'Имя пользователя не может начинаться с точки',
  instagramEndsWithPeriod: 'Имя пользователя не может заканчиваться точкой',
  instagramDoublePeriod: 'Нельзя ставить несколько точек подряд',
  instagramCharacters: 'Только английские буквы',
  emailOrStatus: 'Укажите e-mail или статус.',
  idRequired: 'Не задан Id',
  courseIdRequired: 'Не задан courseId',
  alreadyEnrolled: 'Вы уже записаны на курс.',
  notDemoService: 'Эта услуга не даёт демо-курса.',
  controlCharacters: 'Не должно содержать управляющих символов.',
  streamIdRequired: 'Не задан streamId',
  statStreamIdRequired: 'Не задан StreamId',
  notNegative: 'Должно быть не меньше 0.',
  calendarDate: 'Укажите дату в формате ГГГГ-ММ-ДД.',
  dayNotOpen: 'Этот день ещё не открыт',
  statisticNotAccepted: 'Статистика по этому курсу сейчас не принимается.',
  idempotencyKey: 'Idempotency-Key должен содержать от 1 до 200 печатных символов ASCII.',
  freezeStartBeforeToday: 'Заморозка не может начинаться раньше сегодняшнего дня.',
  freezeEndNotAfterStart: 'Заморозка должна заканчиваться позже дня начала.',
  freezeEndAfterStreamEnd: 'Заморозка не может заканчиваться позже окончания доступа.',
  freezeNotAllowed: 'Этот курс сейчас нельзя заморозить.',
  noFreezeToCancel: 'Нет заморозки, которую можно отменить.',
  filtersObject: 'Должно быть JSON-объектом.',
  filtersTooLarge: 'Фильтры должны умещаться в 4 КБ JSON.',
  filtersTooDeep: 'Слишком глубокая вложенность фильтров.',
  resetMailSubject: 'Сброс пароля в {brand}',
  resetMailText:
    'Здравствуйте!\n\nМы получили запрос на сброс пароля для {email} в {brand}.\nОткройте ссылку в течение часа, чтобы задать новый пароль:\n\n{link}\n\nЕсли вы этого не просили, просто проигнорируйте письмо: пароль останется прежним.',
};

const es: Catalog = {
  badJson: 'El cuerpo de la solicitud no es un JSON válido.',
  badEncoding: 'El cuerpo de la solicitud no es texto UTF-8 válido.',
  badContentType: 'Envía el cuerpo de la solicitud como application/json.',
  notAnObject: 'El cuerpo de la solicitud debe ser un objeto JSON.',
  bodyTooLarge: 'La solicitud es demasiado grande (máximo {kib} KiB).',
  unauthorized: 'Tu sesión ha terminado. Vuelve a iniciar sesión.',
  registrationClosed: 'El registro está cerrado en este sitio.',
  notFound: 'No encontrado.',
  methodNotAllowed: 'Este método no está permitido aquí.',
  tooManyAttempts: 'Demasiados intentos. Inténtalo de nuevo en {minutes} min.',
  serverError: 'Algo salió mal. Inténtalo más tarde.',
  invalidFields: 'Revisa los campos marcados.',
  required: 'Este campo es obligatorio.',
  notText: 'Debe ser texto.',
  badCharacters: 'Contiene caracteres que no se pueden guardar.',
  tooLong: 'Máximo {max} caracteres.',
  notWholeNumber: 'Debe ser un número entero.',
  notPositive: 'Debe ser 1 o más.',
  tooLarge: 'Máximo {max}.',
  notFlag: 'Debe ser 0 o 1.',
  email: 'Introduce un correo electrónico válido.',
  emailTaken: 'Este correo electrónico ya está registrado.',
  appId: 'Introduce un identificador de aplicación válido.',
  appIdTaken: 'Este identificador de aplicación ya está registrado.',
  passwordLength: 'La contraseña debe tener entre 8 y 128 caracteres.',
  passwordMismatch: 'Las contraseñas no coinciden.',
  wrongCredentials: 'Correo electrónico o contraseña incorrectos.',
  wrongAppCredentials: 'Identificador de aplicación o contraseña incorrectos.',
  wrongCurrentPassword: 'La contraseña actual no es correcta.',
  resetTokenInvalid: 'Este enlace no es válido o ha caducado. Solicita uno nuevo.',
  phone: 'Formato de número de teléfono no válido.',
  birthdayFormat: 'Formato incorrecto: usa DD.MM.AAAA.',
  birthdayNonexistent: 'Esta fecha no existe.',
  gender: 'Elige M o F.',
  timezone: 'Zona horaria desconocida.',
  languageCode: 'Elige en-US, ru-RU o es-ES.',
  status: 'Estado desconocido.',
  instagramStartsWithPeriod: 'El nombre de usuario no puede empezar con un punto',
  instagramEndsWithPeriod: 'El nombre de usuario no puede terminar con un punto',
  instagramDoublePeriod: 'No puede haber más de un punto seguido',
  instagramCharacters: 'Solo caracteres ingleses',
  emailOrStatus: 'Envía un correo electrónico o un estado.',
  idRequired: 'Falta el Id',
  courseIdRequired: 'Falta el courseId',
  alreadyEnrolled: 'Ya estás inscrito en un curso.',
  notDemoService: 'Este servicio no ofrece un curso de demostración.',
  controlCharacters: 'No debe contener caracteres de control.',
  streamIdRequired: 'Falta el streamId',
  statStreamIdRequired: 'Falta el StreamId',
  notNegative: 'Debe ser 0 o más.',
  calendarDate: 'Usa una fecha con el formato AAAA-MM-DD.',
  dayNotOpen: 'Este día aún no está abierto',
  statisticNotAccepted: 'Ahora no se aceptan estadísticas de este curso.',
  idempotencyKey: 'La Idempotency-Key debe tener de 1 a 200 caracteres ASCII imprimibles.',
  freezeStartBeforeToday: 'La congelación no puede empezar antes de hoy.',
  freezeEndNotAfterStart: 'La congelación debe terminar después del día en que empieza.',
  freezeEndAfterStreamEnd: 'La congelación no puede terminar después de que termine tu acceso.',
  freezeNotAllowed: 'Este curso no se puede congelar ahora.',
  noFreezeToCancel: 'No hay ninguna congelación que cancelar.',
  filtersObject: 'Debe ser un objeto JSON.',
  filtersTooLarge: 'Los filtros deben caber en 4 KB de JSON.',
  filtersTooDeep: 'Los filtros están anidados demasiado.',
  resetMailSubject: 'Restablece tu contraseña en {brand}',
  resetMailText:
    '¡Hola!\n\nRecibimos una solicitud para restablecer la contraseña de {email} en {brand}.\nAbre este enlace en menos de una hora para elegir una contraseña nueva:\n\n{link}\n\nSi no lo pediste, ignora este correo: tu contraseña no cambia.',
};

const catalogs: Record<Language, Catalog> = { en, ru, es };

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value);
}

/** Looks up a message and fills `{name}` placeholders. */
export function translate(
  lang: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  return catalogs[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

function asLanguage(tag: string | undefined | null): Language | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((l) => l === primary);
}

/**
 * The request's language: the `lang` query wins, then Accept-Language in order of preference;
 * a language the brand does not offer falls back to the brand's default.
 */
export function pickLanguage(
  brand: BrandConfig,
  langQuery: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  const offered = (l: Language | undefined) => l !== undefined && brand.assets.supportedLanguage.includes(l);
  const fromQuery = asLanguage(langQuery);
  if (langQuery) return offered(fromQuery) && fromQuery ? fromQuery : brand.assets.defaultLanguage;
  const preferred = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...attrs] = part.split(';');
      const q = attrs.map((a) => a.trim()).find((a) => a.startsWith('q='));
      return { lang: asLanguage(tag), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return preferred.map((p) => p.lang).find(offered) ?? brand.assets.defaultLanguage;
}

/** Wire form of a language (`language_code`) and back. */
export const LANGUAGE_CODES: Record<Language, string> = { en: 'en-US', ru: 'ru-RU', es: 'es-ES' };
