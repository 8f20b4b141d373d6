import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateProfile } from '../../../src/api/account';
import { createApiClient, requestErrorFromResponse, toClientFieldName } from '../../../src/api/client';
import { signupByEmail } from '../../../src/api/signup';

/** Field errors reach machines under the client's field names, never the server's. */

const CHECK_THE_FORM = 'Please check the highlighted fields.';

/** Answers the next call with a 422 carrying `errors`, as the server does for broken fields. */
function answerFieldErrors(errors: Record<string, string[]>) {
  const body = JSON.stringify({ success: false, message: CHECK_THE_FORM, errors });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status: 422, headers: { 'content-type': 'application/json' } })),
  );
}

const api = createApiClient({
  token: () => 'session-token',
  language: () => 'en',
  appId: 'web',
  onUnauthorized: () => {},
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('client field names', () => {
  it('turns snake_case server names into camelCase', () => {
    expect(toClientFieldName('password_repeat')).toBe('passwordRepeat');
    expect(toClientFieldName('current_password')).toBe('currentPassword');
    expect(toClientFieldName('instagram_id')).toBe('instagramId');
    expect(toClientFieldName('support_category_id')).toBe('supportCategoryId');
    expect(toClientFieldName('email')).toBe('email');
  });

  it("prefers the call's own name and ignores names inherited from Object", () => {
    expect(toClientFieldName('name', { name: 'firstName' })).toBe('firstName');
    expect(toClientFieldName('name')).toBe('name');
    expect(toClientFieldName('constructor', { name: 'firstName' })).toBe('constructor');
  });

  it('keys a 422 answer by client names and merges server fields that share one', () => {
    const body = {
      message: CHECK_THE_FORM,
      errors: { username: 'Too long.', email: ['Taken.'], password_repeat: ['No match.'] },
    };
    const error = requestErrorFromResponse(422, body, new Headers(), { username: 'email' });
    expect(error.fieldErrors).toEqual({ email: ['Too long.', 'Taken.'], passwordRepeat: ['No match.'] });
  });

  it('keeps an unknown server field under its camelCase name', () => {
    const body = { message: CHECK_THE_FORM, errors: { favourite_colour: ['Unknown colour.'] } };
    expect(requestErrorFromResponse(422, body, new Headers()).fieldErrors).toEqual({
      favouriteColour: ['Unknown colour.'],
    });
  });
});

describe('field errors of real calls', () => {
  it("POST /user: the server's name is the client's firstName", async () => {
    answerFieldErrors({
      name: ['First name is required.'],
      last_name: ['Last name is required.'],
      instagram_id: ['Bad Instagram name.'],
      pet_name: ['Unknown field.'],
    });
    await expect(updateProfile(api, { firstName: '', lastName: '' })).rejects.toEqual({
      status: 422,
      message: CHECK_THE_FORM,
      fieldErrors: {
        firstName: ['First name is required.'],
        lastName: ['Last name is required.'],
        instagramId: ['Bad Instagram name.'],
        petName: ['Unknown field.'],
      },
    });
  });

  it('POST /auth/signup-by-email: user name errors belong to the e-mail', async () => {
    answerFieldErrors({ username: ['Must be text.'], password_repeat: ['No match.'] });
    const signup = signupByEmail(api, {
      email: 'a@b.co',
      password: 'secret-12',
      passwordRepeat: 'x',
      timezone: '',
    });
    await expect(signup).rejects.toMatchObject({
      status: 422,
      fieldErrors: { email: ['Must be text.'], passwordRepeat: ['No match.'] },
    });
  });
});
