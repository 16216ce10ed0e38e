import { describe, expect, it } from 'vitest';
import { geminiModel } from '@/lib/wire/gemini/gemini-request';
import { geminiCacheRequest } from './gemini-cache-request';
import { cachedEndpoint } from './prepare-traffic';

const URL = 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent';

describe('geminiCacheRequest', () => {
  it('is one segment per part: system instruction, tools, then each content’s parts, the model read off the URL', async () => {
    const request = await geminiCacheRequest(
      {
        systemInstruction: { parts: [{ text: 'Be brief.' }] },
        tools: [{ functionDeclarations: [{ name: 'record', description: 'Record a tree.' }] }],
        contents: [
          { role: 'user', parts: [{ text: 'Record it.' }] },
          { role: 'model', parts: [{ functionCall: { name: 'record', args: {} } }] },
          { role: 'user', parts: [{ text: 'Here is the image:' }, { inlineData: { mimeType: 'image/jpeg', data: 'A'.repeat(90_000) } }] },
        ],
      },
      URL,
    );
    expect(request.model).toBe('gemini-2.5-flash');
    expect(request.segments.map((segment) => segment.path)).toEqual([
      'systemInstruction.parts[0]',
      'tools[0]',
      'contents[0].parts[0]',
      'contents[1].parts[0]',
      'contents[2].parts[0]',
      'contents[2].parts[1]',
    ]);
    // An image counts as Gemini counts it, not as 90,000 characters of base64.
    expect(request.segments.at(-1)!.tokens).toBe(258);
  });

  it('does not count a part’s thoughtSignature, which Gemini does not bill as prompt', async () => {
    const call = (thoughtSignature?: string) => ({
      functionCall: { name: 'record', args: { label: 'root' } },
      ...(thoughtSignature === undefined ? {} : { thoughtSignature }),
    });
    const [plain] = (await geminiCacheRequest({ contents: [{ role: 'model', parts: [call()] }] }, URL)).segments;
    const [signed] = (await geminiCacheRequest({ contents: [{ role: 'model', parts: [call('Cv0E'.repeat(300))] }] }, URL)).segments;
    expect(signed!.tokens).toBe(plain!.tokens);
  });

  it('keys a part by its role and by whether it starts its content, so the same words placed otherwise part there', async () => {
    const keys = async (contents: unknown[]) => (await geminiCacheRequest({ contents }, URL)).segments.map((segment) => segment.key);
    const [asUser] = await keys([{ role: 'user', parts: [{ text: 'Hi' }] }]);
    const [asModel] = await keys([{ role: 'model', parts: [{ text: 'Hi' }] }]);
    const [, second] = await keys([{ role: 'user', parts: [{ text: 'Yo' }, { text: 'Hi' }] }]);
    expect(new Set([asUser, asModel, second]).size).toBe(3);
  });

  it('is the endpoint of generateContent and its stream, under Gemini', () => {
    const exchange = (url: string) => ({ source: '', index: 0, atMs: 0, url, body: {}, model: '', usage: null });
    expect(cachedEndpoint(exchange(URL))).toEqual({ provider: 'gemini', shape: 'gemini' });
    expect(cachedEndpoint(exchange(URL.replace(':generateContent', ':streamGenerateContent')))).toEqual({ provider: 'gemini', shape: 'gemini' });
    expect(cachedEndpoint(exchange('https://generativelanguage.googleapis.com/v1beta/cachedContents'))).toBeNull();
    expect(geminiModel('https://example.com/v1/chat/completions')).toBe('');
  });
});
