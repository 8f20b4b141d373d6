import { describe, expect, it } from 'vitest';
import { avatarSrcSet } from '../../../src/domain/avatar';

describe('avatarSrcSet', () => {
  it('offers the three squares of an uploaded photo, whichever one the address names', () => {
    const set =
      '/media/uploads/7/64.webp 64w, /media/uploads/7/256.webp 256w, /media/uploads/7/512.webp 512w';
    expect(avatarSrcSet('/media/uploads/7/256.webp')).toBe(set);
    expect(avatarSrcSet('/media/uploads/7/512.webp')).toBe(set);
  });

  it('leaves any other picture as it is', () => {
    expect(avatarSrcSet('https://example.com/me.jpg')).toBeUndefined();
    expect(avatarSrcSet('/media/uploads/7/128.webp')).toBeUndefined();
  });
});
