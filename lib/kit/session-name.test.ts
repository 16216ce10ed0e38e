import { describe, expect, it } from 'vitest';
import { captureSessionName } from '@/lib/recording/capture-session';
import { sessionNameFor } from './session-name';

describe('a Playwright test’s capture session name', () => {
  it('is the test’s title made safe, and its id: a name the endpoint takes, one per test', () => {
    expect(sessionNameFor('forks as Claude Code plans', '3f2a1c9e8d7b-6a5f4e3d2c1b')).toBe('forks-as-Claude-Code-plans-3f2a1c9e8d7b6a5f4e3d');
    expect(sessionNameFor('“¿?”', 'abc-123')).toBe('abc123');
    const long = sessionNameFor('x'.repeat(300), 'f'.repeat(40));
    expect(long).toHaveLength(61);
    expect(captureSessionName(long)).toBe(long);
  });
});
