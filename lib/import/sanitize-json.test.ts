import { describe, expect, it } from 'vitest';
import { jsonNestingDepth, needsSanitizing } from './sanitize-json';

describe('jsonNestingDepth', () => {
  it('counts the deepest nesting, ignoring brackets and escaped quotes inside strings', () => {
    expect(jsonNestingDepth('1')).toBe(0);
    expect(jsonNestingDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonNestingDepth('{"a":"[[[{{{","b":"\\"[["}')).toBe(1);
  });

  it('asks for the walk only when a record could be too deep or hold __proto__', () => {
    expect(needsSanitizing('{"a":[[1]]}', 3)).toBe(false);
    expect(needsSanitizing('{"a":[[[1]]]}', 3)).toBe(true);
    expect(needsSanitizing('{"__proto__":1}', 10)).toBe(true);
    expect(needsSanitizing('{"\\u005f_proto__":1}', 10)).toBe(true);
    expect(needsSanitizing('{"arrow":"\\u2192"}', 10)).toBe(false);
  });
});
