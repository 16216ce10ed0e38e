import { describe, expect, it } from 'vitest';
import { readForkPoint } from './fork-point-field';

describe('readForkPoint', () => {
  it('reads a whole number up to the parent’s length; the length itself forks at the end', () => {
    expect(readForkPoint('3', 11)).toEqual({ at: 3 });
    expect(readForkPoint(' 0 ', 11)).toEqual({ at: 0 });
    expect(readForkPoint('007', 11)).toEqual({ at: 7 });
    expect(readForkPoint('11', 11)).toEqual({ at: null });
  });

  it('waits on a cleared field instead of snapping back', () => {
    expect(readForkPoint('', 11)).toEqual({ empty: true });
    expect(readForkPoint('   ', 11)).toEqual({ empty: true });
  });

  it.each(['3.5', '-5', '-', '1e3', 'three', '\u200f7', '0x1', 'Infinity'])('says what is allowed for %j, never throwing', (text) => {
    expect(readForkPoint(text, 11)).toEqual({ error: `The fork point is a whole number of messages from 0 to 11; “${text.trim()}” is not one.` });
  });

  it('says a value past the end is past it, instead of clamping it silently', () => {
    expect(readForkPoint('12', 11)).toEqual({
      error: 'The fork point is a whole number of messages from 0 to 11; the parent has only 11 messages, so 12 is past its end.',
    });
    expect(readForkPoint('99999999999999999999', 11)).toMatchObject({ error: expect.stringContaining('is past its end') });
  });
});
