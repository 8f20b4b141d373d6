import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BRANDS } from '../../../../../brands';

/**
 * The notice on the lesson's player box where its video cannot play (offline, or missing), as each
 * brand's theme paints it: the stylesheets' rules for it in their cascade (the most specific wins,
 * then the later sheet), the theme's variables as the server sets them, and what shows through a
 * see-through background, the player box's black.
 */
const read = (path: string) => readFileSync(path, 'utf8');
const STYLESHEETS = ['src/features/learning/day/day.css', 'src/features/learning/player/player.css'];
const NOTICE = '.lesson__unplayable';
const PLAYER_BOX = [0, 0, 0];

type Rgba = [number, number, number, number];

/** The custom properties the app's stylesheet gives :root. */
function rootVariables(): Map<string, string> {
  const root = /:root\s*\{([^}]*)\}/.exec(read('src/ui/styles.css'))?.[1] ?? '';
  const variables = new Map<string, string>();
  for (const [, name = '', value = ''] of root.matchAll(/(--[\w-]+):\s*([^;]+);/g)) {
    variables.set(name, value.trim());
  }
  return variables;
}

/** The notice's declaration of `property` that the cascade keeps, or null. */
function noticeDeclaration(property: string): string | null {
  let kept: { value: string; specificity: number } | null = null;
  for (const sheet of STYLESHEETS) {
    const css = read(sheet).replace(/\/\*[\s\S]*?\*\//g, '');
    for (const [, selectors = '', body = ''] of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
      const selector = selectors
        .split(',')
        .map((one) => one.trim())
        .find((one) => one.endsWith(NOTICE));
      const value = new RegExp(`(?:^|;)\\s*${property}\\s*:\\s*([^;]+)`).exec(body)?.[1]?.trim();
      if (!selector || !value) continue;
      const specificity = selector.match(/\.[\w-]+/g)?.length ?? 0;
      if (!kept || specificity >= kept.specificity) kept = { value, specificity };
    }
  }
  return kept?.value ?? null;
}

function parseColor(value: string, variables: Map<string, string>): Rgba {
  const text = value.trim();
  const variable = /^var\((--[\w-]+)\)$/.exec(text);
  if (variable) return parseColor(variables.get(variable[1] ?? '') ?? '', variables);
  if (text === 'transparent') return [0, 0, 0, 0];
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16)).concat(1) as Rgba;
  }
  const mix = /^color-mix\(in srgb,\s*(.+?)\s+(\d+)%,\s*(.+)\)$/.exec(text);
  if (mix) {
    // CSS mixes with premultiplied alpha: a see-through side only thins the other.
    const [first, share, second] = [
      parseColor(mix[1] ?? '', variables),
      Number(mix[2]) / 100,
      parseColor(mix[3] ?? '', variables),
    ];
    const alpha = first[3] * share + second[3] * (1 - share);
    const channel = (index: 0 | 1 | 2) =>
      alpha === 0 ? 0 : (first[index] * first[3] * share + second[index] * second[3] * (1 - share)) / alpha;
    return [channel(0), channel(1), channel(2), alpha];
  }
  throw new Error(`unreadable colour: ${text}`);
}

/** The colour as seen over `behind`. */
const over = ([r, g, b, a]: Rgba, behind: number[]) =>
  [r, g, b].map((channel, index) => channel * a + (behind[index] ?? 0) * (1 - a));

/** WCAG 2 contrast ratio of two opaque colours. */
function contrast(one: number[], other: number[]): number {
  const luminance = (rgb: number[]) => {
    const [r = 0, g = 0, b = 0] = rgb.map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe('the offline notice on the player box', () => {
  it.each(BRANDS.map((brand) => [brand.id, brand.assets.theme] as const))(
    'reads at 4.5:1 at least in the %s theme',
    (_, theme) => {
      const variables = rootVariables();
      variables.set('--color-text', theme.text);
      variables.set('--color-surface', theme.surface);
      variables.set('--color-background', theme.background);
      // Without a colour of its own the notice has the page's text colour.
      const text = parseColor(noticeDeclaration('color') ?? 'var(--color-text)', variables);
      const background = over(
        parseColor(noticeDeclaration('background') ?? 'transparent', variables),
        PLAYER_BOX,
      );
      expect(contrast(over(text, background), background)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
