import { describe, expect, it } from 'vitest';
import { repeatedKeyFields } from '../../../server/http/repeated-keys';

const repeatedIn = (text: string) => repeatedKeyFields(text, JSON.parse(text));

describe('a key named twice in one object of a JSON body', () => {
  it.each<[string, string, string[]]>([
    ['a flat body', '{"viewed_seconds":86401,"play_count":0,"viewed_seconds":1}', ['viewed_seconds']],
    ['spaces before the colon', '{"a" : 1, "a"\n:\t2}', ['a']],
    ['spelt with an escape', '{"a":1,"\\u0061":2}', ['a']],
    ['inside a field, named as that field', '{"x":0,"filters":{"b":1,"b":2}}', ['filters']],
    ['in an object inside an array', '{"list":[{"k":1},{"k":2,"k":3}]}', ['list']],
    ['deep inside', `{"f":${'['.repeat(500)}{"k":1,"k":2}${']'.repeat(500)}}`, ['f']],
    [
      'under every field, each once, in order',
      '{"b":1,"a":1,"a":2,"a":3,"b":2,"c":{"k":1,"k":2}}',
      ['a', 'b', 'c'],
    ],
  ])('is found: %s', (_, text, field) => {
    expect(repeatedIn(text)).toEqual(field);
  });

  it.each<[string, string]>([
    ['distinct keys', '{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}'],
    ['the same key in two objects of an array', '{"list":[{"k":1},{"k":2}]}'],
    ['a value that looks like a key', '{"note":"\\"note\\": twice","other":"\\":"}'],
    ['keys differing only in case', '{"A":1,"a":2}'],
    ['an empty object and an empty array', '{"a":{},"b":[],"c":[[]]}'],
    ['an array of strings with colons', '{"tags":["a\\":","b:"]}'],
    [
      'a large array, deep nesting',
      `{"n":[${Array(30_000).fill(0).join(',')}],"d":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    ],
  ])('is not found: %s', (_, text) => {
    expect(repeatedIn(text)).toEqual([]);
  });
});
