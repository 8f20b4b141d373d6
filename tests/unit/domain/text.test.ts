import { describe, expect, it } from 'vitest';
import { isOneLine } from '../../../src/domain/oneLine';
import { characterCount, hasVisibleText } from '../../../src/domain/text';

describe('hasVisibleText', () => {
  it.each([
    ['empty', ''],
    ['white space', ' \t\n\u00a0\u3000'],
    ['a zero-width space', '\u200b'],
    ['a word joiner', '\u2060'],
    ['a left-to-right mark', '\u200e'],
    ['a right-to-left mark', '\u200f'],
    ['an Arabic letter mark', '\u061c'],
    ['a soft hyphen', '\u00ad'],
    ['a byte order mark', '\ufeff'],
    ['the Hangul filler', '\u3164'],
    ['the Hangul choseong filler', '\u115f'],
    ['the Hangul jungseong filler', '\u1160'],
    ['the halfwidth Hangul filler', '\uffa0'],
    ['a lone combining mark', '\u0301'],
    ['a variation selector', '\ufe0f'],
    ['a blank Braille cell', '\u2800'],
    ['the noncharacters U+FFFF and U+FFFE', '\uffff\ufffe'],
    ['a noncharacter of an upper plane', '\u{10ffff}'],
    ['a noncharacter of the Arabic block', '\ufdd0'],
    ['a mix of them', ' \u200b\u0301\u3164\u200e '],
  ])('finds nothing in %s', (_, value) => {
    expect(hasVisibleText(value)).toBe(false);
  });

  it.each([
    ['a letter', 'a'],
    ['a letter with a combining accent', 'e\u0301'],
    ['Cyrillic', 'Аня'],
    ['Hangul', '한'],
    ['an emoji', '\u{1f600}'],
    ['a letter among invisible characters', '\u200bA\u200b'],
    ['a digit', '0'],
    ['a dot', '.'],
  ])('finds %s', (_, value) => {
    expect(hasVisibleText(value)).toBe(true);
  });
});

describe('characterCount', () => {
  it('counts an emoji (two UTF-16 units) as one character', () => {
    expect(characterCount('\u{1f600}')).toBe(1);
    expect(characterCount('\u{1f600}'.repeat(33))).toBe(33);
  });

  it('counts letters, combining marks and a lone surrogate one each', () => {
    expect(characterCount('')).toBe(0);
    expect(characterCount('abc')).toBe(3);
    expect(characterCount('e\u0301')).toBe(2);
    expect(characterCount('\ud800a')).toBe(2);
  });
});

describe('isOneLine', () => {
  it.each(['Ada', 'Аня Петрова', "O'Neil-Smith", '\u{1f600}', 'e\u0301', ''])('takes %j', (value) => {
    expect(isOneLine(value)).toBe(true);
  });

  it.each([
    ['a tab', 'a\tb'],
    ['a line break', 'a\nb'],
    ['a line separator', 'a\u2028b'],
    ['a C0 control', 'a\u0007b'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['a left-to-right mark', 'Zoe\u200e'],
    ['a right-to-left mark', 'Zoe\u200f'],
    ['an Arabic letter mark', 'Zoe\u061c'],
    ['a right-to-left override', '\u202eZoe'],
    ['a first-strong isolate', 'Zoe\u2068'],
  ])('refuses %s', (_, value) => {
    expect(isOneLine(value)).toBe(false);
  });
});
