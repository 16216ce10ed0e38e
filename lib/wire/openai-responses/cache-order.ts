import type { CacheSection } from '../cache-sections';

/** A Responses body's sections in OpenAI's cache order: the model, the instructions, the tools, the input (a string being the user's one message). */
export function responsesCacheSections(body: Record<string, unknown>): CacheSection[] {
  return [
    { reason: 'model_changed', path: 'model', value: body.model },
    { reason: 'system_changed', path: 'instructions', value: body.instructions ?? '' },
    { reason: 'tools_changed', path: 'tools', value: body.tools ?? [] },
    { reason: 'messages_changed', path: 'input', value: typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : (body.input ?? []) },
  ];
}
