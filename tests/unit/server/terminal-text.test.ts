import { describe, expect, it } from 'vitest';
import { asPrintedCell, asPrintedLines } from '../../../server/infra/terminal-text';

describe('learners’ text on the admin’s terminal', () => {
  it('keeps a message’s lines, indented, and escapes what would write over them or reverse them', () => {
    expect(asPrintedLines('first\nsecond\r\nREAL\rSPOOF', '  ')).toBe('first\n  second\\r\n  REAL\\rSPOOF');
    expect(asPrintedLines('a\u202eb\u2066c\u200fd\u2028e', '')).toBe('a\\u202eb\\u2066c\\u200fd\\u2028e');
    expect(asPrintedLines('Привет 👋 مرحبا\ttab', '  ')).toBe('Привет 👋 مرحبا\ttab');
  });

  it('keeps one cell on its line: tabs and line breaks escaped too', () => {
    expect(asPrintedCell('TypeError: one\n\ttwo\r')).toBe('TypeError: one\\n\\ttwo\\r');
    expect(asPrintedCell('/v/\u202eevil')).toBe('/v/\\u202eevil');
    expect(asPrintedCell('plain text')).toBe('plain text');
  });
});
