import { describe, expect, it } from 'vitest';
import { captureSessionName } from '@/lib/recording/capture-session';
import { sessionNameFor } from './session-name';

describe('a Playwright test’s capture session name', () => {
  it('is the test’s title made safe, and its own hash: two tests of one file never share one', () => {
    // Playwright's test ids: the file's hash, a dash, the test's hash.
    const first = 'a1b2c3d4e5f6a7b8c9d0-0f1e2d3c4b5a69788796';
    const second = 'a1b2c3d4e5f6a7b8c9d0-ffeeddccbbaa99887766';
    const title = 'forks as Claude Code plans, with a long shared prefix for parametrised cases [1]';
    expect(sessionNameFor('forks as Claude Code plans', first)).toBe('forks-as-Claude-Code-plans-0f1e2d3c4b5a69788796');
    expect(sessionNameFor(title, first)).not.toBe(sessionNameFor(title, second));
    expect(sessionNameFor('“¿?”', 'abc-123')).toBe('abc123');
    const long = sessionNameFor('x'.repeat(300), 'f'.repeat(60));
    expect(long).toHaveLength(61);
    expect(captureSessionName(long)).toBe(long);
  });
});
