import { describe, expect, it } from 'vitest';
import { refusalWords } from '../../../src/domain/refusalWords';
import {
  isRequestError,
  isTooManyRequests,
  isUnauthorized,
  toRequestError,
} from '../../../src/domain/requestError';

describe('RequestError helpers', () => {
  const limited = { status: 429, message: 'Slow down', fieldErrors: {}, retryAfter: 30 };

  it('recognises request errors and passes them through unchanged', () => {
    expect(isRequestError(limited)).toBe(true);
    expect(toRequestError(limited)).toBe(limited);
    expect(isRequestError({ status: 500 })).toBe(false);
    expect(isRequestError(null)).toBe(false);
  });

  it('turns anything else into a failure without an answer', () => {
    expect(toRequestError(new Error('boom'))).toEqual({ status: 0, message: 'boom', fieldErrors: {} });
    expect(toRequestError('weird')).toEqual({ status: 0, message: '', fieldErrors: {} });
  });

  it('classifies statuses', () => {
    expect(isTooManyRequests(limited)).toBe(true);
    expect(isUnauthorized({ status: 401, message: '', fieldErrors: {} })).toBe(true);
    expect(isUnauthorized(limited)).toBe(false);
  });

  it("takes a refusal's field errors before its summary, else its message", () => {
    const summary = 'Please check the highlighted fields.';
    expect(
      refusalWords({ status: 422, message: summary, fieldErrors: { body: ['The file is empty.'] } }),
    ).toEqual(['The file is empty.']);
    expect(refusalWords({ status: 415, message: 'Not an image.', fieldErrors: {} })).toEqual([
      'Not an image.',
    ]);
    expect(refusalWords({ status: 0, message: '', fieldErrors: {} })).toEqual([]);
  });
});
