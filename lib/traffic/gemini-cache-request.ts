import type { CacheRequest, CacheSegment } from '@/lib/provider-cache/cache-request';
import { contentKey } from '@/lib/provider-cache/content-key';
import { countText } from '@/lib/tokens/count-tokens';
import { type GeminiPart, geminiBodyParts, geminiModel } from '@/lib/wire/gemini/gemini-request';

type Part = GeminiPart;

/**
 * An image or file part as Gemini counts it: 258 tokens (its docs' figure for an image, and what a
 * recorded request reported), not its base64 as text, which would outweigh the rest of the request
 * a thousand times when counts are scaled to the reported total.
 */
const MEDIA_TOKENS = 258;

/**
 * What of a part is read as tokens: its text, a call or a response as its JSON, without its
 * `thoughtSignature`. Gemini does not count the signature: a recorded call that added a function
 * call with a 1,300-character signature and its response to a 776-token prompt reported 859.
 */
function tokenText(part: Part): string {
  if (typeof part.text === 'string') return part.text;
  const { thoughtSignature: _, ...counted } = part;
  return JSON.stringify(counted);
}

async function tokensOf(part: Part): Promise<number> {
  if (part.inlineData !== undefined || part.fileData !== undefined) return MEDIA_TOKENS;
  return (await countText(tokenText(part))).tokens;
}

/**
 * A `generateContent` request as Gemini's implicit cache sees it: the system instruction, the
 * tools, then every part of every content in order, one segment per part (a prefix cache: a part
 * is the finest place two requests can part). A part's key holds its role and whether it starts
 * its content, so the same words split otherwise read otherwise. Tokens are counted offline with
 * Fork Lab's tokenizer; the caller scales them to what the provider reported.
 */
export async function geminiCacheRequest(body: Record<string, unknown>, url: string): Promise<CacheRequest> {
  const placed: { key: string; path: string; part: Part }[] = [];
  const { system, tools, contents } = geminiBodyParts(body);
  for (const [index, part] of system.entries()) placed.push({ key: contentKey(['system', part]), path: `systemInstruction.parts[${index}]`, part });
  for (const [index, tool] of tools.entries()) placed.push({ key: contentKey(['tool', tool]), path: `tools[${index}]`, part: tool });
  for (const [at, { role, parts }] of contents.entries()) {
    for (const [index, part] of parts.entries()) {
      placed.push({ key: contentKey([role ?? 'user', index === 0, part]), path: `contents[${at}].parts[${index}]`, part });
    }
  }
  const segments: CacheSegment[] = [];
  for (const { key, path, part } of placed) segments.push({ key, path, blocks: 1, tokens: await tokensOf(part) });
  return { model: typeof body.model === 'string' ? body.model : geminiModel(url), segments };
}
