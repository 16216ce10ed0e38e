import { messagesCacheSections } from './anthropic-messages/cache-order';
import { converseCacheSections } from './bedrock-converse/cache-order';
import type { CacheSection } from './cache-sections';
import { geminiCacheSections } from './gemini/cache-order';
import { chatCacheSections } from './openai-chat/cache-order';
import { responsesCacheSections } from './openai-responses/cache-order';
import type { RequestShape } from './request-shape';

/** A body's sections in the order its provider caches them, by the API it is shaped for. */
export function cacheSections(body: Record<string, unknown>, shape: RequestShape): CacheSection[] {
  switch (shape) {
    case 'messages':
      return messagesCacheSections(body);
    case 'chat':
      return chatCacheSections(body);
    case 'responses':
      return responsesCacheSections(body);
    case 'gemini':
      return geminiCacheSections(body);
    case 'converse':
      return converseCacheSections(body);
  }
}
