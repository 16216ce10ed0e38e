import { describe, expect, it } from 'vitest';
import { parseUsize, rustDebugString, rustFloat, rustTrim } from './rust-text';

describe('Rust text behaviours Codex relies on', () => {
  it('trims Unicode White_Space as str::trim does: U+0085 goes, a byte-order mark stays', () => {
    expect(rustTrim(' \t\n3\u3000')).toBe('3');
    expect(rustTrim('\u00853\u0085')).toBe('3');
    expect(rustTrim('\ufeff3')).toBe('\ufeff3');
    // JavaScript's own trim disagrees on both.
    expect('\u00853'.trim()).toBe('\u00853');
    expect('\ufeff3'.trim()).toBe('3');
  });

  it.each([
    ['3', 3n],
    ['+2', 2n],
    ['007', 7n],
    ['0', 0n],
    ['18446744073709551615', 18446744073709551615n],
  ])('parses %j as usize %s', (text, value) => {
    expect(parseUsize(text)).toBe(value);
  });

  it.each(['', '+', '-1', '-0', '1.5', '1e3', ' 3', '18446744073709551616', '٣', '0x10', '++1'])('refuses %j as usize', (text) => {
    expect(parseUsize(text)).toBeNull();
  });

  it('writes strings as {:?} does', () => {
    expect(rustDebugString('say "hi"\n\\ \u0001 é')).toBe('"say \\"hi\\"\\n\\\\ \\u{1} é"');
  });

  it('writes floats as serde names them, never with an exponent', () => {
    expect(rustFloat(1.5)).toBe('1.5');
    expect(rustFloat(3)).toBe('3.0');
    expect(rustFloat(1e21)).toBe('1000000000000000000000.0');
    expect(rustFloat(1.25e-7)).toBe('0.000000125');
    expect(rustFloat(-2.5e22)).toBe('-25000000000000000000000.0');
  });
});

describe('rustDebugString beyond ASCII', () => {
  it('escapes C1 controls and format characters as {:?} does, and keeps printable letters', () => {
    expect(rustDebugString('tr\u0085ue')).toBe('"tr\\u{85}ue"');
    expect(rustDebugString('a\u200bb\u00adc\ufeff')).toBe('"a\\u{200b}b\\u{ad}c\\u{feff}"');
    expect(rustDebugString('Grüße ✓')).toBe('"Grüße ✓"');
  });
});
