import { describe, expect, it } from 'vitest';
import { cachedEndpoint, prepareTraffic } from './prepare-traffic';
import type { TrafficExchange } from './traffic-exchange';

const to = (url: string, model = 'm'): TrafficExchange => ({ source: 'log', index: 0, atMs: 0, url, body: {}, model, usage: null });

describe('cachedEndpoint', () => {
  it.each([
    ['https://api.anthropic.com/v1/messages?beta=true', { provider: 'anthropic', shape: 'messages' }],
    ['https://api.deepseek.com/anthropic/v1/messages', { provider: 'deepseek', shape: 'messages' }],
    ['https://api.deepseek.com/chat/completions', { provider: 'deepseek', shape: 'chat' }],
    // pydantic-ai's DeepSeek Responses cassettes: four requests with usage the bench had skipped.
    ['https://api.deepseek.com/responses', { provider: 'deepseek', shape: 'responses' }],
    ['https://chatgpt.com/backend-api/codex/responses', { provider: 'openai', shape: 'responses' }],
    ['https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent', { provider: 'gemini', shape: 'gemini' }],
  ])('reads %s by its provider’s rule', (url, endpoint) => {
    expect(cachedEndpoint(to(url))).toEqual(endpoint);
  });

  it('reads a router by the model the request names, and nothing it has no rule for', () => {
    expect(cachedEndpoint(to('https://openrouter.ai/api/v1/chat/completions', 'anthropic/claude-sonnet-4.6'))).toEqual({
      provider: 'anthropic',
      shape: 'chat',
      via: 'OpenRouter',
      model: 'claude-sonnet-4-6',
    });
    expect(cachedEndpoint(to('https://api.mistral.ai/v1/chat/completions', 'mistral-large-latest'))).toBeNull();
    expect(cachedEndpoint(to('not a url'))).toBeNull();
  });
});

describe('prepareTraffic', () => {
  it('compares a request whose body names no model by the one its URL names (a HAR’s Gemini call)', async () => {
    const gemini = {
      ...to('https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent', ''),
      body: { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] },
    };
    const [prepared] = await prepareTraffic([gemini]);
    expect({ model: prepared!.model, requestModel: prepared!.request.model }).toEqual({ model: 'gemini-2.5-flash', requestModel: 'gemini-2.5-flash' });
  });
});
