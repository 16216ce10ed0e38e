import type { CacheSection } from '../cache-sections';

/** A `generateContent` body's sections in Gemini's cache order: the system instruction, the tools, the contents (the model is in the URL, not the body). */
export function geminiCacheSections(body: Record<string, unknown>): CacheSection[] {
  return [
    { reason: 'system_changed', path: 'systemInstruction', value: body.systemInstruction ?? null },
    { reason: 'tools_changed', path: 'tools', value: body.tools ?? [] },
    { reason: 'messages_changed', path: 'contents', value: body.contents ?? [] },
  ];
}
