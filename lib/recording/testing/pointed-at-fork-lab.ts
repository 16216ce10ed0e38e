import { recordingHandler } from '@/lib/api/recording-endpoint';
import { CaptureStore } from '../capture-store';

/**
 * An in-memory capture store and a `fetch` that hands every request straight to Fork Lab's model
 * endpoints with no upstream (the offline model answers): what an AI SDK app pointed at Fork Lab sees.
 */
export function pointedAtForkLab() {
  const store = new CaptureStore(':memory:');
  const handlers = {
    '/v1/chat/completions': recordingHandler('openai-chat', { env: {}, store: () => store }),
    '/v1/messages': recordingHandler('anthropic-messages', { env: {}, store: () => store }),
    '/v1/responses': recordingHandler('openai-responses', { env: {}, store: () => store }),
  };
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const handler = handlers[url.pathname as keyof typeof handlers];
    return handler(new Request(`http://127.0.0.1:3000${url.pathname}`, init));
  }) as typeof globalThis.fetch;
  return { store, fetch };
}
