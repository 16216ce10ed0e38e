import { describe, expect, it } from 'vitest';
import { CaptureSessionError, captureOrigin, captureSessionOf, withoutCaptureSession } from './capture-session';

const request = (path: string, headers: Record<string, string> = {}) => new Request(`http://127.0.0.1:3000${path}`, { method: 'POST', headers });

describe('captureSessionOf', () => {
  it('reads the session from the base URL’s path, else from the header, else none', () => {
    expect(captureSessionOf(request('/capture/test-1/v1/chat/completions'))).toBe('test-1');
    expect(captureSessionOf(request('/v1/messages', { 'x-fork-lab-capture': 'worker_2' }))).toBe('worker_2');
    expect(captureSessionOf(request('/capture/a/v1/messages', { 'x-fork-lab-capture': 'a' }))).toBe('a');
    expect(captureSessionOf(request('/v1/responses'))).toBeNull();
  });

  it('refuses a name it could not file traffic under, saying what a name may be', () => {
    expect(() => captureSessionOf(request('/capture/a%20b/v1/messages'))).toThrow(
      'A capture session is 1 to 64 letters, digits, dashes or underscores; got "a b".',
    );
    expect(() => captureSessionOf(request('/v1/messages', { 'x-fork-lab-capture': 'x'.repeat(65) }))).toThrow(CaptureSessionError);
    expect(() => captureSessionOf(request('/capture/%E0/v1/messages'))).toThrow(
      'A capture session is 1 to 64 letters, digits, dashes or underscores; got "%E0".',
    );
    expect(() => captureSessionOf(request('/capture/a/v1/messages', { 'x-fork-lab-capture': 'b' }))).toThrow(
      'The path names capture session "a" and x-fork-lab-capture names "b".',
    );
  });
});

describe('a session’s paths and origin', () => {
  it('strips the prefix to the route without one, and writes the origin a runtime is pointed at', () => {
    expect(withoutCaptureSession('/capture/t1/v1/messages')).toBe('/v1/messages');
    expect(withoutCaptureSession('/v1/messages')).toBe('/v1/messages');
    expect(withoutCaptureSession('/capture/t1')).toBe('/');
    expect(captureOrigin('http://127.0.0.1:4123', 't1')).toBe('http://127.0.0.1:4123/capture/t1');
    expect(captureOrigin('http://127.0.0.1:4123', null)).toBe('http://127.0.0.1:4123');
  });
});
