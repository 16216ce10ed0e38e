import { describe, expect, it } from 'vitest';
import { gapError } from './family-gap';

describe('family gap', () => {
  it('takes whole seconds from 0 to a day, spaces around them allowed', () => {
    for (const typed of ['0', '30', ' 600 ', '86400']) expect(gapError(typed)).toBeNull();
  });

  it('says what is wrong with anything else instead of clamping it', () => {
    expect(gapError('-5')).toBe('“-5” is not a gap: a whole number of seconds from 0 to 86,400 (a day).');
    for (const typed of ['', '3.5', '1e3', '86401', '999999999', 'soon', '\u200f5']) expect(gapError(typed)).not.toBeNull();
    expect(gapError('x'.repeat(100))).toContain('xxxxxxxxxxxxxxxxxxxx…');
  });
});
