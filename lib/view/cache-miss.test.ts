import { describe, expect, it } from 'vitest';
import { cacheMissReason } from './cache-miss';

describe('cacheMissReason', () => {
  it('names the model first, then the system instruction, then the tools', () => {
    const matching = { systemMatches: true, toolsMatch: true, sharedMessages: 3, reusableMessages: 3 };
    expect(cacheMissReason(matching)).toBeNull();
    expect(cacheMissReason({ ...matching, modelMatches: false, systemMatches: false })).toBe('model');
    expect(cacheMissReason({ ...matching, systemMatches: false, toolsMatch: false })).toBe('system instruction');
    expect(cacheMissReason({ ...matching, toolsMatch: false })).toBe('tool list');
  });
});
