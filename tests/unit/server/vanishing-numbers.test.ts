import { describe, expect, it } from 'vitest';
import { vanishingNumberFields } from '../../../server/http/vanishing-numbers';

describe('a number JSON.parse reads as 0 though it is not zero', () => {
  it.each<[string, string, string[]]>([
    ['an exponent under the doubles', '{"filters":{"f":1e-400}}', ['filters']],
    ['negative', '{"a":1,"b":-2.5E-330}', ['b']],
    ['just under the smallest double', '{"x":1e-324}', ['x']],
    ['a long run of decimal zeros', `{"n":0.${'0'.repeat(400)}1}`, ['n']],
    ['zeros and an exponent together', `{"n":0.${'0'.repeat(250)}1e-80}`, ['n']],
    ['inside an array in a nested object', '{"v":"e-","f":{"list":[0,1,{"k":[3e-999]}]}}', ['f']],
    [
      'under every field, each once, in order',
      '{"b":1e-400,"a":[1e-400,2e-999],"c":1,"d":-1e-500}',
      ['b', 'a', 'd'],
    ],
  ])('is found: %s', (_, text, field) => {
    expect(JSON.parse(text)).toBeTypeOf('object');
    expect(vanishingNumberFields(text)).toEqual(field);
  });

  it.each<[string, string]>([
    ['zero spelt in every way', '{"a":0,"b":-0,"c":0.0000000000000,"d":0e-500,"e":0.000E+10}'],
    ['the smallest double', '{"a":5e-324,"b":2.5e-323}'],
    ['small numbers a double holds', '{"a":1e-300,"b":0.0000000000001}'],
    ['such literals inside strings and keys', '{"1e-400":"0.00000000001e-999","s":"\\"1e-400"}'],
    ['a statistic', '{"stage_day_id":1,"viewed_seconds":12,"play_count":0,"day_status":"one-day"}'],
  ])('is not found: %s', (_, text) => {
    expect(vanishingNumberFields(text)).toEqual([]);
  });
});
