import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../brands/schema';
import { isSocialErrorCode, SOCIAL_ERROR_CODES, socialErrorText } from '../../../src/domain/socialErrors';
import { isExternalAuthSource } from '../../../src/domain/socialNetworks';

describe('socialErrorText', () => {
  it("gives login_no_link the spec's own words", () => {
    expect(socialErrorText('login_no_link', 'en', 'vkontakte')).toBe(
      'You are trying to log in with VK. There is no user with such an account. Sign in with your e-mail address.',
    );
  });

  it('has a text for every code in every language, with the network filled in', () => {
    for (const code of SOCIAL_ERROR_CODES) {
      for (const language of LANGUAGES) {
        const text = socialErrorText(code, language, 'apple');
        expect(text.length, `${code} ${language}`).toBeGreaterThan(10);
        expect(text).not.toContain('{network}');
      }
    }
  });

  it('names "the social network" when the answer named none', () => {
    expect(socialErrorText('cancelled', 'en')).toBe('Signing in with the social network was cancelled.');
    expect(socialErrorText('cancelled', 'es')).toBe('Se canceló el inicio de sesión con la red social.');
  });

  it('tells known codes and sources from anything else in a URL', () => {
    expect(isSocialErrorCode('link_social_id_already_taken')).toBe(true);
    expect(isSocialErrorCode('toString')).toBe(false);
    expect(isExternalAuthSource('google')).toBe(true);
    expect(isExternalAuthSource('constructor')).toBe(false);
  });
});
