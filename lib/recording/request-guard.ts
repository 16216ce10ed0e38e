type Env = Record<string, string | undefined>;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function hostnameOf(host: string | null): string | null {
  if (host === null || host === '') return null;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

/**
 * Who may reach the recording endpoint and the captures: a request to the loopback name (the Host
 * header, as the client sent it: Next.js builds a route's URL from its own listening address, not
 * from it), from no web page of another site; from elsewhere only with the token
 * (`FORK_LAB_RECORDING_TOKEN`, sent as `x-fork-lab-token`). A page on another site that resolves its
 * name to this machine (DNS rebinding) sends its own name as Host; one that posts here from the
 * browser says so in Sec-Fetch-Site or Origin. Runtimes send neither.
 */
export function requestAllowed(request: Request, env: Env): boolean {
  const token = env.FORK_LAB_RECORDING_TOKEN;
  if (token !== undefined && token !== '' && request.headers.get('x-fork-lab-token') === token) return true;
  // Next.js passes the client's Host header; a Request made in code has none, and names its host in its URL.
  const host = hostnameOf(request.headers.get('host') ?? new URL(request.url).host);
  if (host === null || !LOOPBACK.has(host)) return false;
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.get('origin');
  return origin === null || LOOPBACK.has(hostnameOf(origin.replace(/^[a-z]+:\/\//i, '')) ?? '');
}
