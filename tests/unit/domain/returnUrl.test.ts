import { describe, expect, it } from 'vitest';
import { isRememberablePath, resolveReturnUrl } from '../../../src/domain/returnUrl';

const base = { token: 'tok 1', home: '/home' };

describe('resolveReturnUrl', () => {
  it('prefers the query over the stored URL', () => {
    expect(resolveReturnUrl({ ...base, queryReturnUrl: '/chat', storedReturnUrl: '/homework' })).toEqual({
      kind: 'internal',
      path: '/chat',
    });
  });

  it('falls back to the stored URL, then home', () => {
    expect(resolveReturnUrl({ ...base, queryReturnUrl: null, storedReturnUrl: '/homework?x=1' })).toEqual({
      kind: 'internal',
      path: '/homework?x=1',
    });
    expect(resolveReturnUrl({ ...base })).toEqual({ kind: 'internal', path: '/home' });
  });

  it('appends the token to a full http(s) URL, keeping its query', () => {
    expect(resolveReturnUrl({ ...base, queryReturnUrl: 'https://shop.example/pay?order=7' })).toEqual({
      kind: 'external',
      url: 'https://shop.example/pay?order=7&token=tok+1',
    });
    expect(resolveReturnUrl({ ...base, storedReturnUrl: 'HTTP://shop.example' })).toEqual({
      kind: 'external',
      url: 'http://shop.example/?token=tok+1',
    });
  });

  it('never returns to the root path and ignores unsafe or unusable values', () => {
    for (const bad of [
      '/',
      '/?a=1',
      '//evil.example/x',
      '/\\evil',
      'javascript:alert(1)',
      'ftp://x.example',
      'chat',
      '  ',
    ]) {
      expect(resolveReturnUrl({ ...base, queryReturnUrl: bad })).toEqual({ kind: 'internal', path: '/home' });
    }
  });

  it('skips an unusable query value in favour of a usable stored one', () => {
    expect(resolveReturnUrl({ ...base, queryReturnUrl: '/', storedReturnUrl: '/points' })).toEqual({
      kind: 'internal',
      path: '/points',
    });
  });
});

describe('isRememberablePath', () => {
  it('accepts in-app paths other than the root', () => {
    expect(isRememberablePath('/user/edit')).toBe(true);
    expect(isRememberablePath('/course/3/calendar?day=2#top')).toBe(true);
  });
  it('rejects the root, protocol-relative and non-path values', () => {
    for (const value of ['/', '/#x', '//cdn.example', 'home', 'https://a.example/b']) {
      expect(isRememberablePath(value)).toBe(false);
    }
  });
});
