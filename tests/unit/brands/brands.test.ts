import { describe, expect, it } from 'vitest';
import {
  BRANDS,
  brandById,
  brandForHost,
  DEFAULT_BRAND,
  mergeRemoteConfig,
  parseBrand,
  type RemoteConfig,
} from '../../../brands';
import { brightpath } from '../../../brands/brightpath';
import { kite } from '../../../brands/kite';

/** A valid brand to derive broken variants from (a deep copy, so the shipped brand is never touched). */
const validInput = (): Record<string, unknown> =>
  structuredClone(brightpath) as unknown as Record<string, unknown>;

const withAssets = (patch: Record<string, unknown>) => {
  const input = validInput();
  input.assets = { ...(input.assets as object), ...patch };
  return input;
};

describe('brand configs', () => {
  it('both shipped brands parse and keep their settings', () => {
    expect(BRANDS.map((brand) => brand.id)).toEqual(['brightpath', 'kite']);
    expect(parseBrand(validInput())).toEqual(brightpath);
    expect(brightpath.flags.isRegistrationEnable).toBe(true);
    expect(brightpath.assets.supportedLanguage).toEqual(['en', 'ru', 'es']);
    expect(brightpath.assets.defaultLanguage).toBe('en');
    expect(kite.flags.isRegistrationEnable).toBe(false);
    expect(kite.assets.supportedLanguage).toEqual(['ru', 'en']);
    expect(kite.assets.defaultLanguage).toBe('ru');
    expect(brandById('kite')).toBe(kite);
  });

  it('refuses a registration chat the app cannot run, naming the problem', () => {
    const input = validInput();
    input.userInfoChat = {
      welcomeMessages: ['Hi'],
      questions: [{ name: 'password', type: 'password', required: true }],
    };
    expect(() => parseBrand(input)).toThrow(
      'brand brightpath: userInfoChat: the chat needs an email question',
    );
    input.userInfoChat = {
      welcomeMessages: [],
      questions: [{ name: 'nickname', type: 'text', required: true }],
    };
    expect(() => parseBrand(input)).toThrow();
  });

  it('every shipped brand passes the schema as it is', () => {
    for (const brand of BRANDS) expect(parseBrand(structuredClone(brand))).toEqual(brand);
  });

  it('accepts an old learner site with an http(s) address and a date, and refuses anything else', () => {
    const withOldCabinet = (patch: Record<string, unknown>) => ({ ...validInput(), ...patch });
    const valid = { oldCabinetUrl: 'https://old.example.com/cabinet', oldCabinetUntil: '2027-03-31' };
    expect(parseBrand(withOldCabinet(valid))).toMatchObject(valid);
    expect(() => parseBrand(withOldCabinet({ oldCabinetUrl: 'javascript:alert(1)' }))).toThrow(
      /oldCabinetUrl/,
    );
    expect(() => parseBrand(withOldCabinet({ oldCabinetUntil: '31.03.2027' }))).toThrow(/oldCabinetUntil/);
  });

  it('rejects a default language the brand does not support', () => {
    expect(() => parseBrand(withAssets({ supportedLanguage: ['ru'], defaultLanguage: 'en' }))).toThrow(
      /default language en is not supported/,
    );
  });

  it.each([
    ['an unknown language', withAssets({ supportedLanguage: ['en', 'de'] })],
    ['no languages', withAssets({ supportedLanguage: [] })],
    ['a bad colour', withAssets({ theme: { ...brightpath.assets.theme, primary: 'blue' } })],
    ['a relative home page', withAssets({ homepage: 'home' })],
    ['a bad support e-mail', withAssets({ supportEmail: 'help' })],
    ['a WhatsApp number with symbols', withAssets({ whatsAppNumber: '+1 555 123' })],
    ['no hosts', { ...validInput(), hosts: [] }],
    ['an upper-case id', { ...validInput(), id: 'Bright' }],
    ['a missing flag set', { ...validInput(), flags: undefined }],
  ])('rejects %s', (_name, input) => {
    expect(() => parseBrand(input)).toThrow();
  });
});

describe('brandForHost', () => {
  it('serves brightpath on localhost and kite on 127.0.0.1, ignoring case and port', () => {
    expect(brandForHost('localhost')).toBe(brightpath);
    expect(brandForHost('LOCALHOST:5173')).toBe(brightpath);
    expect(brandForHost('127.0.0.1')).toBe(kite);
    expect(brandForHost('127.0.0.1:8080')).toBe(kite);
  });

  it('falls back to the default brand for unknown hosts', () => {
    expect(DEFAULT_BRAND).toBe(brightpath);
    expect(brandForHost('learn.example.org')).toBe(DEFAULT_BRAND);
    expect(brandForHost('')).toBe(DEFAULT_BRAND);
  });
});

describe('mergeRemoteConfig', () => {
  const remote: RemoteConfig = {
    version: brightpath.version,
    flags: { isBannerEnable: false, isSiteUnavailable: true },
    daysShowWarning: 30,
    messageDelay: 5,
    demoCourseServiceId: 12,
  };

  it('applies a remote config of the same version', () => {
    const merged = mergeRemoteConfig(brightpath, remote);
    expect(merged.flags.isBannerEnable).toBe(false);
    expect(merged.flags.isSiteUnavailable).toBe(true);
    expect(merged.flags.isChatSupport).toBe(brightpath.flags.isChatSupport);
    expect(merged.daysShowWarning).toBe(30);
    expect(merged.messageDelay).toBe(5);
    expect(merged.demoCourseServiceId).toBe(12);
    expect(merged.assets).toEqual(brightpath.assets);
  });

  it('keeps values the remote config leaves out', () => {
    const merged = mergeRemoteConfig(kite, { version: kite.version });
    expect(merged).toEqual(kite);
  });

  it('ignores a remote config of another version', () => {
    expect(mergeRemoteConfig(brightpath, { ...remote, version: brightpath.version + 1 })).toBe(brightpath);
    expect(mergeRemoteConfig(brightpath, { ...remote, version: brightpath.version - 1 })).toBe(brightpath);
  });
});
