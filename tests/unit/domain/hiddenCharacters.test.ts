import { describe, expect, it } from 'vitest';
import { hasHiddenCharacters, withoutHiddenCharacters } from '../../../src/domain/hiddenCharacters';

/** 🏴 and the tags of "gbsct" and CANCEL TAG: the flag of Scotland. */
const SCOTLAND = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';

describe('hasHiddenCharacters', () => {
  it.each<[string, string]>([
    ['a zero-width space (U+200B)', 'A\u200bda'],
    ['a byte order mark (U+FEFF)', '\ufeffAda'],
    ['a word joiner (U+2060)', 'Ad\u2060a'],
    ['a soft hyphen (U+00AD)', 'Lo\u00advelace'],
    ['a zero-width non-joiner (U+200C) between Latin letters', 'A\u200cda'],
    ['a zero-width non-joiner at the start', '\u200c\u0645\u06cc'],
    ['an invisible times (U+2062)', 'a\u2062b'],
    ['an interlinear annotation anchor (U+FFF9)', 'Ada\ufff9'],
    ['a tag letter alone (U+E0041)', 'Ada\u{E0041}'],
    ['a language tag (U+E0001)', '\u{E0001}Ada'],
    ['a noncharacter (U+FFFF)', 'Ada\uffff'],
    ['a noncharacter (U+FDD0)', 'Ada\ufdd0'],
    ['a noncharacter of plane 16 (U+10FFFF)', 'Ada\u{10FFFF}'],
    ['an unassigned code point (U+0378)', 'Ada\u0378'],
    ['a private-use character (U+E000)', 'Ada\ue000'],
    ['a private-use character of plane 15 (U+F0000)', 'Ada\u{F0000}'],
    ['a joiner between Latin letters', 'A\u200dda'],
    ['a joiner between Cyrillic letters', '\u0410\u200d\u0434\u0430'],
    ['a joiner after a letter, before an emoji', 'a\u200d\u{1F469}'],
    ['a joiner at the end, after an emoji', '\u{1F468}\u200d'],
    ['a joiner at the start, before an emoji', '\u200d\u{1F469}'],
    ['two joiners between two emoji', '\u{1F468}\u200d\u200d\u{1F469}'],
    ['a tag sequence without its cancel tag', '\u{1F3F4}\u{E0067}\u{E0062}'],
    ['tags without the flag they follow', 'Ada\u{E0067}\u{E0062}\u{E007F}'],
    ['a cancel tag alone after the flag', '\u{1F3F4}\u{E007F}'],
    ['a capital tag in a flag sequence', '\u{1F3F4}\u{E0047}\u{E0042}\u{E007F}'],
    ['a tag sequence longer than any subdivision', `\u{1F3F4}${'\u{E0067}'.repeat(9)}\u{E007F}`],
  ])('finds %s', (_, value) => {
    expect(hasHiddenCharacters(value)).toBe(true);
  });

  it.each<[string, string]>([
    ['Latin letters with diacritics', 'Zoë Ñúñez-Łukasz'],
    ['Cyrillic', 'Ада Лавлейс'],
    ['CJK', '李小龍'],
    ['a combining mark on a letter', 'e\u0301'],
    ['a Persian word with its non-joiner (می‌خواهم)', '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645'],
    ['a Devanagari half letter with a joiner (क्‍ष)', '\u0915\u094d\u200d\u0937'],
    ['a Malayalam chillu spelt with a joiner (ന്‍)', '\u0d28\u0d4d\u200d'],
    ['a family (man, ZWJ, woman, ZWJ, girl)', '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}'],
    ['the rainbow flag (U+FE0F before the joiner)', '\u{1F3F3}\ufe0f\u200d\u{1F308}'],
    ['a skin tone before the joiner', '\u{1F469}\u{1F3FD}\u200d\u{1F4BB}'],
    ['a heart on fire', '\u2764\ufe0f\u200d\u{1F525}'],
    ['a pirate flag', '\u{1F3F4}\u200d\u2620\ufe0f'],
    ['a keycap', '1\ufe0f\u20e3'],
    ['the flag of Scotland (a tag sequence)', SCOTLAND],
    ['a name with an emoji sequence', 'Ada \u{1F468}\u200d\u{1F469}\u200d\u{1F467}'],
    ['an emoji of Unicode 16 (U+1FAE9)', '\u{1FAE9}'],
    ['a code point kept for emoji (Extended_Pictographic, U+1FAFF)', '\u{1FAFF}'],
    ['regional indicators (a flag)', '\u{1F1EA}\u{1F1F8}'],
    ['empty text', ''],
  ])('takes %s', (_, value) => {
    expect(hasHiddenCharacters(value)).toBe(false);
  });

  it('costs time in proportion to the text, whatever it holds', () => {
    const texts = [
      'a'.repeat(65_536),
      `\u{1F3F4}${'\u{E0067}'.repeat(16_000)}\u{E007F}`,
      `${'\u{1F468}\u200d'.repeat(10_000)}\u{1F469}`,
      `${'\u{1F3F4}'.repeat(8_000)}${'\u{E0067}'.repeat(8_000)}`,
    ];
    const started = performance.now();
    for (const text of texts) hasHiddenCharacters(text);
    // Backtracking that grew with the text would take minutes on these; the bound leaves a busy machine room.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('withoutHiddenCharacters', () => {
  it.each<[string, string]>([
    ['A\u200bda\ufeff', 'Ada'],
    ['Ada\u{E0041}\uffff\ue000', 'Ada'],
    ['\u{1F468}\u200d\u200d\u{1F469}', '\u{1F468}\u{1F469}'],
    ['a\u200d\u{1F469}', 'a\u{1F469}'],
    ['\u{1F3F4}\u{E0067}\u{E0062}', '\u{1F3F4}'],
  ])('drops what a one-line field refuses from %j', (value, kept) => {
    expect(withoutHiddenCharacters(value)).toBe(kept);
    expect(hasHiddenCharacters(withoutHiddenCharacters(value))).toBe(false);
  });

  it('keeps emoji sequences whole', () => {
    const value = `Ada \u{1F468}\u200d\u{1F469}\u200d\u{1F467} \u{1F3F3}\ufe0f\u200d\u{1F308} ${SCOTLAND}`;
    expect(withoutHiddenCharacters(value)).toBe(value);
  });
});
