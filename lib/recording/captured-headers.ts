/**
 * Headers a capture keeps: everything that says how the runtime called (or the upstream answered),
 * nothing that lets anyone call as it. Credentials, cookies and anything named like auth, a key, a
 * token, a secret, a credential or a signature are dropped (`helicone-auth`, `x-portkey-virtual-key`).
 */
const SECRET = /auth|key|cookie|token|secret|password|credential|signature/i;

export function capturedHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!SECRET.test(name)) kept[name] = value;
  });
  return kept;
}

/**
 * Never forwarded: hop-by-hop headers (RFC 9110 §7.6.1) and the host, the one connection's
 * business; and the x-forwarded-* headers Next.js adds to every request it hands a route, which
 * the runtime did not send.
 */
export const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'content-length',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-port',
  'x-forwarded-proto',
]);
