import { describe, expect, it } from 'vitest';
import { parseRouteId } from '../../../../../src/features/learning/common/routeIds';

describe('route ids', () => {
  it.each([
    ['1', 1],
    ['2147483647', 2_147_483_647],
    ['2147483648', null],
    ['0', null],
    ['007', null],
    ['-3', null],
    ['1.5', null],
    ['x', null],
    ['', null],
    [undefined, null],
  ])('reads %j as %j', (value, id) => {
    expect(parseRouteId(value)).toBe(id);
  });
});
