/**
 * The labels of the player's controls (play, pause, captions, settings, the time read-outs) come from
 * media-chrome's dictionaries, in one language for every player of the page. English and Spanish are
 * media-chrome's own, with the one label it leaves out of them; Russian is ours. This module loads with the
 * player's chunk, so the sign-in page carries none of them.
 */
import type { TranslateDictionary } from 'media-chrome/dist/lang/en.js';
import { Es } from 'media-chrome/dist/lang/es.js';
import { MediaChromeMenu } from 'media-chrome/dist/menu/media-chrome-menu.js';
import { addTranslation, setLanguage, t } from 'media-chrome/dist/utils/i18n.js';

/**
 * Russian labels. Time units are short forms: the controls put a number before a unit ("5 с"), and
 * a single word cannot take the three plural forms Russian has for it.
 */
const RUSSIAN: TranslateDictionary = {
  'Start airplay': 'Начать AirPlay',
  'Stop airplay': 'Остановить AirPlay',
  Audio: 'Звук',
  Captions: 'Субтитры',
  'Enable captions': 'Включить субтитры',
  'Disable captions': 'Выключить субтитры',
  'Start casting': 'Начать трансляцию',
  'Stop casting': 'Остановить трансляцию',
  'Enter fullscreen mode': 'Во весь экран',
  'Exit fullscreen mode': 'Выйти из полноэкранного режима',
  Mute: 'Выключить звук',
  Unmute: 'Включить звук',
  Loop: 'Повтор',
  'Enter picture in picture mode': 'Картинка в картинке',
  'Exit picture in picture mode': 'Выйти из режима «картинка в картинке»',
  Play: 'Смотреть',
  Pause: 'Пауза',
  'Playback rate': 'Скорость',
  'Playback rate {playbackRate}': 'Скорость {playbackRate}',
  Quality: 'Качество',
  'Seek backward': 'Назад',
  'Seek forward': 'Вперёд',
  Settings: 'Настройки',
  Auto: 'Авто',
  'audio player': 'аудиоплеер',
  'video player': 'видеоплеер',
  volume: 'громкость',
  seek: 'перемотка',
  'closed captions': 'субтитры',
  'current playback rate': 'текущая скорость',
  'playback time': 'время воспроизведения',
  'media loading': 'загрузка',
  settings: 'настройки',
  'audio tracks': 'звуковые дорожки',
  quality: 'качество',
  play: 'смотреть',
  pause: 'пауза',
  mute: 'выключить звук',
  unmute: 'включить звук',
  'chapter: {chapterName}': 'глава: {chapterName}',
  live: 'прямой эфир',
  Off: 'Выкл.',
  'start airplay': 'начать AirPlay',
  'stop airplay': 'остановить AirPlay',
  'start casting': 'начать трансляцию',
  'stop casting': 'остановить трансляцию',
  'enter fullscreen mode': 'во весь экран',
  'exit fullscreen mode': 'выйти из полноэкранного режима',
  'enter picture in picture mode': 'картинка в картинке',
  'exit picture in picture mode': 'выйти из режима «картинка в картинке»',
  'seek to live': 'к прямому эфиру',
  'playing live': 'идёт прямой эфир',
  'seek back {seekOffset} seconds': 'назад на {seekOffset} с',
  'seek forward {seekOffset} seconds': 'вперёд на {seekOffset} с',
  'Network Error': 'Ошибка сети',
  'Decode Error': 'Ошибка декодирования',
  'Source Not Supported': 'Формат не поддерживается',
  'Encryption Error': 'Ошибка шифрования',
  'A network error caused the media download to fail.': 'Видео не загрузилось из-за ошибки сети.',
  'A media error caused playback to be aborted. The media could be corrupt or your browser does not support this format.':
    'Воспроизведение прервано из-за ошибки видео. Файл может быть повреждён, или браузер не поддерживает этот формат.',
  'An unsupported error occurred. The server or network failed, or your browser does not support this format.':
    'Произошла ошибка: сбой сервера или сети, или браузер не поддерживает этот формат.',
  'The media is encrypted and there are no keys to decrypt it.':
    'Видео зашифровано, и ключей для его расшифровки нет.',
  hour: 'ч',
  hours: 'ч',
  minute: 'мин',
  minutes: 'мин',
  second: 'с',
  seconds: 'с',
  '{time} remaining': 'осталось {time}',
  '{currentTime} of {totalTime}': '{currentTime} из {totalTime}',
  'video not loaded, unknown time.': 'видео не загружено, время неизвестно.',
};

/**
 * The name of a submenu's way back (speed, quality, subtitles under the settings): media-chrome
 * writes it in English into every menu's template, outside its dictionaries, so the template is
 * given the words of the players' language as each menu is drawn.
 */
const BACK = 'Back to previous menu';
// Not a key media-chrome's dictionary type knows: its lookup takes any text all the same.
const backKey = BACK as keyof TranslateDictionary;
const withBack = (dictionary: Partial<TranslateDictionary>, words: string) =>
  ({ ...dictionary, [backKey]: words }) as TranslateDictionary;
const menuTemplate = MediaChromeMenu.getTemplateHTML;
MediaChromeMenu.getTemplateHTML = (attrs) =>
  menuTemplate(attrs).replace(`aria-label="${BACK}"`, `aria-label="${t(backKey)}"`);

addTranslation('ru', withBack(RUSSIAN, 'Назад к предыдущему меню'));
addTranslation('es', withBack(Es, 'Volver al menú anterior'));

/** Labels every player's controls made from now on in `language` (English where there is no dictionary). */
export function labelControlsIn(language: string): void {
  setLanguage(language);
}
