import { isRecord } from '@/lib/json/is-record';
import type { CacheSection } from '../cache-sections';
import { chatMessageAsRead, leadingSystemCount } from './chat-content';

/**
 * A Chat Completions body's sections in a prefix cache's order: the model, the leading system
 * messages, the tools, then every other message, each message as the model reads it. The two
 * message sections are both `messages` in the body: the second's paths count from its first.
 */
export function chatCacheSections(body: Record<string, unknown>): CacheSection[] {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const systemCount = leadingSystemCount(messages);
  const read = (list: unknown[]) => list.map((message) => (isRecord(message) ? chatMessageAsRead(message) : message));
  return [
    { reason: 'model_changed', path: 'model', value: body.model },
    { reason: 'system_changed', path: 'messages', value: read(messages.slice(0, systemCount)) },
    { reason: 'tools_changed', path: 'tools', value: body.tools ?? [] },
    { reason: 'messages_changed', path: 'messages', value: read(messages.slice(systemCount)) },
  ];
}
