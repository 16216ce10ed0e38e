import { isRecord } from '@/lib/json/is-record';

/** A part, tool or content of a body as read from a log: any object, its fields unchecked. */
export type GeminiPart = Record<string, unknown>;

/** The model a Gemini call names in its URL (`…/models/gemini-2.5-flash:generateContent`); its body names none. */
export function geminiModel(url: string): string {
  return /\/models\/([^/:]+):/.exec(url)?.[1] ?? '';
}

/**
 * A `generateContent` body's parts in Gemini's cache order: the system instruction's parts, the
 * tools, then each content's parts with its role. Anything not an object is left out.
 */
export function geminiBodyParts(body: Record<string, unknown>): {
  system: GeminiPart[];
  tools: GeminiPart[];
  contents: { role: unknown; parts: GeminiPart[] }[];
} {
  return {
    system: isRecord(body.systemInstruction) && Array.isArray(body.systemInstruction.parts) ? body.systemInstruction.parts.filter(isRecord) : [],
    tools: Array.isArray(body.tools) ? body.tools.filter(isRecord) : [],
    contents: (Array.isArray(body.contents) ? body.contents.filter(isRecord) : []).map((content) => ({
      role: content.role,
      parts: Array.isArray(content.parts) ? content.parts.filter(isRecord) : [],
    })),
  };
}
