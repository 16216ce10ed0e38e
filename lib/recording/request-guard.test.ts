import { describe, expect, it } from 'vitest';
import { requestAllowed } from './request-guard';

/** A request as Next.js hands a route one: its URL from the server's own address, the client's Host header beside it. */
function asNextHandsIt(host: string, headers: Record<string, string> = {}): Request {
  const request = new Request('http://127.0.0.1:3000/v1/messages', { method: 'POST', headers });
  // Fetch forbids setting Host on a Request; Next.js's own request carries the client's.
  const withHost = new Headers(request.headers);
  Object.defineProperty(withHost, 'get', { value: (name: string) => (name.toLowerCase() === 'host' ? host : request.headers.get(name)) });
  return { ...request, url: request.url, headers: withHost } as Request;
}

describe('requestAllowed', () => {
  it('decides by the Host header the client sent, not the address the server listens on', () => {
    expect(requestAllowed(asNextHandsIt('127.0.0.1:3000'), {})).toBe(true);
    expect(requestAllowed(asNextHandsIt('localhost'), {})).toBe(true);
    expect(requestAllowed(asNextHandsIt('[::1]:3000'), {})).toBe(true);
    // DNS rebinding: the browser sends the attacker's name, while the URL still reads 127.0.0.1.
    expect(requestAllowed(asNextHandsIt('evil.example:3000'), {})).toBe(false);
    expect(requestAllowed(asNextHandsIt('192.0.2.2:3000'), {})).toBe(false);
    expect(requestAllowed(asNextHandsIt('192.0.2.2:3000', { 'x-fork-lab-token': 't' }), { FORK_LAB_RECORDING_TOKEN: 't' })).toBe(true);
  });
});
