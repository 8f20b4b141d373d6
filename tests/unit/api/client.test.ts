import { describe, expect, it } from 'vitest';
import { readPagination, requestErrorFromResponse } from '../../../src/api/client';
import { toWireSupportQuestion } from '../../../src/api/support';
import { codeToLanguage, languageToCode } from '../../../src/api/wire';

describe('pagination headers', () => {
  it('reads the four x-pagination headers', () => {
    const headers = new Headers({
      'x-pagination-current-page': '2',
      'x-pagination-page-count': '5',
      'x-pagination-per-page': '20',
      'x-pagination-total-count': '93',
    });
    expect(readPagination(headers)).toEqual({ currentPage: 2, pageCount: 5, perPage: 20, totalCount: 93 });
  });

  it('gives null when the answer is not paged', () => {
    expect(readPagination(new Headers())).toBeNull();
  });
});

describe('request errors', () => {
  it('keeps the status, the server message, field errors as lists and Retry-After', () => {
    const body = {
      success: false,
      message: 'Too many attempts',
      errors: { email: 'Bad', password: ['A', 'B'] },
    };
    const error = requestErrorFromResponse(429, body, new Headers({ 'retry-after': '120' }));
    expect(error).toEqual({
      status: 429,
      message: 'Too many attempts',
      fieldErrors: { email: ['Bad'], password: ['A', 'B'] },
      retryAfter: 120,
    });
  });

  it('copes with a body that is not the error envelope', () => {
    expect(requestErrorFromResponse(502, '<html>', new Headers())).toEqual({
      status: 502,
      message: '',
      fieldErrors: {},
    });
  });
});

describe('wire helpers', () => {
  it('maps languages to server codes and back', () => {
    expect(['ru', 'en', 'es'].map((l) => languageToCode(l as 'ru'))).toEqual(['ru-RU', 'en-US', 'es-ES']);
    expect(codeToLanguage('es-ES')).toBe('es');
    expect(codeToLanguage('fr-FR')).toBeNull();
  });

  it('sends the support category only when given, in snake case', () => {
    const base = { name: 'Ann', email: 'a@b.co', message: 'Hi' };
    expect(toWireSupportQuestion(base)).toEqual(base);
    expect(toWireSupportQuestion({ ...base, supportCategoryId: 4 })).toEqual({
      ...base,
      support_category_id: 4,
    });
  });
});
