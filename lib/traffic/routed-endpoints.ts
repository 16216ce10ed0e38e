import type { CacheEndpoint } from './traffic-exchange';

/**
 * OpenRouter's model ids name the provider first (`anthropic/claude-sonnet-4.6`). An Anthropic
 * model's Chat Completions body is handed on as a Messages request with its `cache_control`
 * breakpoints, an OpenAI model's caches by OpenAI's rule (OpenRouter's prompt caching docs). Any
 * other provider behind it is not read: how OpenRouter turns `cache_control` into, say, a Gemini
 * cache is not documented where Fork Lab could check it.
 */
function openRouter(path: string, model: string): CacheEndpoint | null {
  const shape = /\/chat\/completions$/.test(path) ? 'chat' : /\/responses$/.test(path) ? 'responses' : null;
  const [, vendor, name] = /^([a-z0-9-]+)\/([^:]+)/.exec(model) ?? [];
  if (shape === null || name === undefined) return null;
  // OpenRouter writes an Anthropic version with a dot where Anthropic's id has a dash (claude-sonnet-4.6).
  if (vendor === 'anthropic' && shape === 'chat') return { provider: 'anthropic', shape, via: 'OpenRouter', model: name.replace(/\./g, '-') };
  if (vendor === 'openai') return { provider: 'openai', shape, via: 'OpenRouter', model: name };
  return null;
}

/**
 * Bedrock names the model in the path (`/model/us.anthropic.claude-sonnet-4-5-20250929-v1:0/converse`,
 * or an inference profile's ARN ending in that id). An Anthropic model caches by Anthropic's rule
 * through either API: Converse with `cachePoint` blocks, InvokeModel with the Messages body itself.
 */
function bedrock(path: string): CacheEndpoint | null {
  const [, id, action] = /\/model\/([^/]+)\/(converse|converse-stream|invoke|invoke-with-response-stream)$/.exec(path) ?? [];
  if (id === undefined || action === undefined) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(id).split('/').at(-1)!;
  } catch {
    return null;
  }
  // A region's profile prefix (us., us-gov., global.), then the id, its version and any context variant (v1:0:200k).
  const [, name] = /^(?:[a-z-]+\.)?anthropic\.(claude-[a-z0-9-]+?)(?:-v\d+(?::[0-9a-z]+)*)?$/.exec(decoded) ?? [];
  if (name === undefined) return null;
  return { provider: 'anthropic', shape: action.startsWith('converse') ? 'converse' : 'messages', via: 'Amazon Bedrock', model: name };
}

/** A request sent through a router or a cloud to a model whose provider's cache rule Fork Lab has. */
export function routedEndpoint(url: URL, model: string): CacheEndpoint | null {
  if (/(^|\.)openrouter\.ai$/.test(url.hostname)) return openRouter(url.pathname, model);
  if (/^bedrock-runtime(-fips)?\.[a-z0-9-]+\.amazonaws\.com$/.test(url.hostname)) return bedrock(url.pathname);
  return null;
}
