import { describe, expect, it } from 'vitest';
import { toWireProfile } from '../../../src/api/account';

describe('profile to server form', () => {
  it('renames fields, maps the language and leaves out fields not given', () => {
    expect(
      toWireProfile({ firstName: 'Ada', lastName: 'L', instagramId: 'ada.l', languageCode: 'ru' }),
    ).toEqual({
      name: 'Ada',
      last_name: 'L',
      instagram_id: 'ada.l',
      language_code: 'ru-RU',
    });
  });
});
