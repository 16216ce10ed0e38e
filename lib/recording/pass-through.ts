import { forwardToUpstream } from './forward-to-upstream';
import { type ModelApi, providerError } from './model-api';

/** Why the upstream could not be reached: the error's code, never its message (that names the upstream's address). */
export function unreachableMessage(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return `The upstream could not be reached (${typeof code === 'string' ? code : 'connection error'}).`;
}

/**
 * A request sent on to `path` under the upstream's base URL with its query, and the answer handed
 * back unchanged; nothing kept. An upstream that cannot be reached is a provider-shaped `502`.
 */
export async function passThrough(api: ModelApi, path: string, base: URL, request: Request, body: Uint8Array): Promise<Response> {
  const url = new URL(path, base);
  url.search = new URL(request.url).search;
  try {
    return (await forwardToUpstream(url, request, body, request.signal)).response;
  } catch (error) {
    return providerError(api, 502, 'api_error', unreachableMessage(error));
  }
}
