import { describe, expect, it } from 'vitest';
import { brandText } from '../../../src/domain/brandText';

describe('brand texts', () => {
  it('are read in the language, else in the brand default language, else empty', () => {
    expect(brandText('Same everywhere', 'ru', 'en')).toBe('Same everywhere');
    expect(brandText({ en: 'Hello', ru: 'Привет' }, 'ru', 'en')).toBe('Привет');
    expect(brandText({ en: 'Hello', ru: 'Привет' }, 'es', 'en')).toBe('Hello');
    expect(brandText({ ru: 'Привет' }, 'es', 'en')).toBe('');
  });
});
