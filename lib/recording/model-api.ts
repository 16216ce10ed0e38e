import type { RequestShape } from '@/lib/wire/request-shape';

/** The model APIs Fork Lab serves for a runtime to use as its base URL. */
export type ModelApi = 'openai-chat' | 'openai-responses' | 'anthropic-messages';

/** Each API's path under the base URL, whose upstream it is forwarded to, and the body shape it takes. */
export const MODEL_APIS: Record<ModelApi, { path: string; provider: 'openai' | 'anthropic'; shape: RequestShape }> = {
  'openai-chat': { path: '/v1/chat/completions', provider: 'openai', shape: 'chat' },
  'openai-responses': { path: '/v1/responses', provider: 'openai', shape: 'responses' },
  'anthropic-messages': { path: '/v1/messages', provider: 'anthropic', shape: 'messages' },
};

/**
 * An error as the provider itself shapes it, so a runtime pointed at Fork Lab reads Fork Lab's
 * refusals the way it reads its provider's (OpenAI: `{ error: { message, type, code } }`;
 * Anthropic: `{ type: "error", error: { type, message } }`).
 */
export function providerError(api: ModelApi, status: number, type: string, message: string): Response {
  const body = MODEL_APIS[api].provider === 'anthropic' ? { type: 'error', error: { type, message } } : { error: { message, type, param: null, code: type } };
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
