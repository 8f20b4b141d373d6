import { describe, expect, it } from 'vitest';
import { isRememberablePath, resolveReturnUrl } from '../../../src/domain/returnUrl';

const base = { token: 'tok 1', home: '/home', schoolHosts: ['school.example', 'localhost'] };

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
    expect(resolveReturnUrl({ ...base, queryReturnUrl: 'https://shop.school.example/pay?order=7' })).toEqual({
      kind: 'external',
      url: 'https://shop.school.example/pay?order=7&token=tok+1',
    });
    expect(resolveReturnUrl({ ...base, storedReturnUrl: 'HTTP://school.example' })).toEqual({
      kind: 'external',
      url: 'http://school.example/?token=tok+1',
    });
  });

  it("never hands the token to a site that is not the school's own", () => {
    for (const other of [
      'https://evil.example/collect',
      'https://school.example.evil.example/',
      'https://evilschool.example/',
      'http://localhost.evil.example:8080/',
      'https://user@evil.example/',
    ]) {
      expect(resolveReturnUrl({ ...base, queryReturnUrl: other }), other).toEqual({
        kind: 'internal',
        path: '/home',
      });
    }
    // A port of the school's own host is still the school's.
    expect(resolveReturnUrl({ ...base, queryReturnUrl: 'http://localhost:8080/v/home' })).toEqual({
      kind: 'external',
      url: 'http://localhost:8080/v/home?token=tok+1',
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
