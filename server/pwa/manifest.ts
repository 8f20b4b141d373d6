import type { BrandConfig, Language } from '../../brands/index';
import { BRAND_ICONS, type BrandIconSpec, brandIconUrl } from './icons';

/** Launchers cut a home-screen label after about 12 characters. */
export const SHORT_NAME_MAX = 12;

/**
 * The home-screen label: the whole title when it fits, else as many of its leading words as fit
 * ("Brightpath Academy" -> "Brightpath"), else the first word cut with an ellipsis.
 */
export function shortName(title: string): string {
  if (title.length <= SHORT_NAME_MAX) return title;
  const [first = '', ...rest] = title.trim().split(/\s+/);
  if (first.length > SHORT_NAME_MAX) return `${first.slice(0, SHORT_NAME_MAX - 1)}…`;
  let name = first;
  for (const word of rest) {
    if (name.length + 1 + word.length > SHORT_NAME_MAX) break;
    name = `${name} ${word}`;
  }
  return name;
}

/** What the install dialog and the app stores' listings show under the name, in the manifest's `lang`. */
const DESCRIPTIONS: Record<Language, (title: string) => string> = {
  en: (title) => `${title}: your courses and lessons`,
  ru: (title) => `${title}: ваши курсы и уроки`,
  es: (title) => `${title}: tus cursos y lecciones`,
};

/**
 * The web app manifest of a brand under one app base (`/v/` or `/class/`). The `id` is the base, and
 * each brand has its own host, so every brand and base installs as an app of its own.
 */
export function brandManifest(brand: BrandConfig, base: string) {
  const { title, defaultLanguage, theme } = brand.assets;
  const entry = (icon: BrandIconSpec, purpose: 'any' | 'maskable') => ({
    src: brandIconUrl(base, icon),
    sizes: `${icon.size}x${icon.size}`,
    type: 'image/png',
    purpose,
  });
  return {
    id: base,
    name: title,
    short_name: shortName(title),
    description: DESCRIPTIONS[defaultLanguage](title),
    lang: defaultLanguage,
    dir: 'ltr',
    start_url: base,
    scope: base,
    display: 'standalone',
    theme_color: theme.primary,
    background_color: theme.background,
    categories: ['education'],
    icons: [
      entry(BRAND_ICONS.any192, 'any'),
      entry(BRAND_ICONS.any512, 'any'),
      entry(BRAND_ICONS.maskable512, 'maskable'),
    ],
  };
}
