import { describe, expect, it } from 'vitest';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import type { ReportedUsage } from '@/lib/wire/reported-usage';
import { breakpointWhatIf } from './breakpoint-what-if';
import { cacheAgreement } from './cache-agreement';
import { cacheTimeline } from './cache-timeline';
import { prepareTraffic } from './prepare-traffic';
import { providerTokenAnchors } from './provider-token-anchors';
import type { TrafficExchange } from './traffic-exchange';

const SYSTEM = 'Follow the house rules for every change. '.repeat(400);
const START = Date.UTC(2026, 2, 8, 23, 19);
const mark = { type: 'ephemeral', ttl: '5m' };

const usage = (cached: number, written: number, uncached: number, format: ReportedUsage['format']): ReportedUsage => ({
  cachedTokens: cached,
  writtenTokens: written,
  uncachedTokens: uncached,
  outputTokens: 10,
  format,
});

/** A request of a log: where it went, what it named, its body and what was reported, two seconds after the one before. */
function sent(source: string, index: number, url: string, model: string, body: Record<string, unknown>, reported: ReportedUsage): TrafficExchange {
  return { source, index, atMs: START + index * 2_000, url, model, usage: reported, body };
}

const MARKED_SYSTEM = [{ type: 'text', text: SYSTEM, cache_control: mark }];

/** pydantic-ai's OpenRouter shape: the system prompt and the last message marked, in Chat Completions. */
function openRouter(index: number, prompts: string[], reported: ReportedUsage): TrafficExchange {
  const messages = prompts.map((text, at) => ({
    role: at % 2 === 0 ? 'user' : 'assistant',
    content: at === prompts.length - 1 ? [{ type: 'text', text, cache_control: mark }] : text,
  }));
  const body = { model: 'anthropic/claude-sonnet-4.6', messages: [{ role: 'system', content: MARKED_SYSTEM }, ...messages] };
  return sent('openrouter.yaml', index, 'https://openrouter.ai/api/v1/chat/completions', 'anthropic/claude-sonnet-4.6', body, reported);
}

/** The same conversation sent to Anthropic itself, a minute earlier. */
function direct(reported: ReportedUsage): TrafficExchange {
  const body = { model: 'claude-sonnet-4-6', system: MARKED_SYSTEM, messages: [{ role: 'user', content: 'What is 2 + 2?' }] };
  return { ...sent('direct.jsonl', 0, 'https://api.anthropic.com/v1/messages', 'claude-sonnet-4-6', body, reported), atMs: START - 60_000 };
}

describe('routed traffic', () => {
  it('replays OpenRouter’s Anthropic requests by Anthropic’s rule in a cache of their own, named by the route', async () => {
    const entries = await cacheTimeline(
      [
        direct(usage(0, 3300, 10, 'anthropic')),
        // The provider's cache holds the same system prompt, written by Anthropic's own account: OpenRouter's is another.
        openRouter(0, ['What is 2 + 2?'], usage(0, 3300, 3, 'openai-chat')),
        openRouter(1, ['What is 2 + 2?', '4.', 'And 3 + 3?'], usage(3300, 12, 3, 'openai-chat')),
      ],
      PROVIDER_RULES,
    );
    expect(entries.map(({ source, provider, via, model, verdict }) => ({ source, provider, via, model, verdict }))).toEqual([
      { source: 'direct.jsonl', provider: 'anthropic', via: undefined, model: 'claude-sonnet-4-6', verdict: 'agrees' },
      { source: 'openrouter.yaml', provider: 'anthropic', via: 'OpenRouter', model: 'anthropic/claude-sonnet-4.6', verdict: 'agrees' },
      { source: 'openrouter.yaml', provider: 'anthropic', via: 'OpenRouter', model: 'anthropic/claude-sonnet-4.6', verdict: 'agrees' },
    ]);
    expect(entries[1]!.predicted!.cachedTokens).toBe(0);
    // #1 looks back from its breakpoint on the last prompt to #0's, in the chat body's own words.
    expect(entries[2]!.predicted!.cachedTokens).toBeGreaterThan(3200);
    expect(entries[2]!.parting).toMatchObject({ earlier: { source: 'openrouter.yaml', index: 0 }, reason: null });
    expect(cacheAgreement(entries).map(({ label, requests, shareWithin }) => ({ label, requests, shareWithin }))).toEqual([
      { label: 'anthropic', requests: 1, shareWithin: 1 },
      { label: 'anthropic via OpenRouter', requests: 2, shareWithin: 2 },
    ]);
  });

  it('replays Bedrock’s Converse requests to a Claude model by its cachePoints, the model read from the path', async () => {
    const converse = (index: number, question: string, reported: ReportedUsage) =>
      sent(
        'bedrock.yaml',
        index,
        'https://bedrock-runtime.us-east-1.amazonaws.com/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse',
        '',
        {
          system: [{ text: SYSTEM }, { cachePoint: { type: 'default' } }],
          toolConfig: { tools: [{ toolSpec: { name: 'lookup', inputSchema: { json: {} } } }] },
          messages: [{ role: 'user', content: [{ text: 'Notes.' }, { cachePoint: { type: 'default' } }, { text: question }] }],
        },
        reported,
      );
    const exchanges = [converse(0, 'What is 10 + 11?', usage(0, 3300, 9, 'bedrock')), converse(1, 'And 12 + 13?', usage(3300, 0, 9, 'bedrock'))];
    const entries = await cacheTimeline(exchanges, PROVIDER_RULES);
    expect(entries.map(({ via, model, verdict }) => ({ via, model, verdict }))).toEqual([
      { via: 'Amazon Bedrock', model: 'claude-sonnet-4-5-20250929', verdict: 'agrees' },
      { via: 'Amazon Bedrock', model: 'claude-sonnet-4-5-20250929', verdict: 'agrees' },
    ]);
    // Where #1 parts from #0, in the Converse body's own paths.
    expect(entries[1]!.parting).toMatchObject({ reason: 'messages_changed', path: 'messages[0].content[2].text' });
    // Its segments too: a cachePoint is no segment, and each is named where it stood in the body as sent.
    const [prepared] = await prepareTraffic(exchanges);
    expect(prepared!.request.segments.map(({ path }) => path)).toEqual([
      'toolConfig.tools[0]',
      'system[0]',
      'messages[0].content[0]',
      'messages[0].content[2]',
    ]);
    expect(prepared!.breakpoints).toEqual([2, 3]);
  });

  it('sets a Bedrock request against the one before it in Anthropic’s cache order, tools first', async () => {
    const converse = (index: number, tool: string) =>
      sent(
        'bedrock.yaml',
        index,
        'https://bedrock-runtime.us-east-1.amazonaws.com/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse',
        '',
        {
          system: [{ text: SYSTEM }],
          toolConfig: { tools: [{ toolSpec: { name: tool, inputSchema: { json: {} } } }, { cachePoint: { type: 'default' } }] },
          messages: [],
        },
        usage(0, 3300, 3, 'bedrock'),
      );
    const [, renamed] = await cacheTimeline([converse(0, 'lookup'), converse(1, 'find')], PROVIDER_RULES);
    expect(renamed!.parting).toMatchObject({ reason: 'tools_changed', path: 'toolConfig.tools[0]' });
  });

  it('keeps Bedrock’s models apart when the body names none: InvokeModel names the model only in the path', async () => {
    const body = { anthropic_version: 'bedrock-2023-05-31', system: MARKED_SYSTEM, messages: [{ role: 'user', content: 'Hi.' }] };
    const invoke = (index: number, id: string, reported: ReportedUsage) =>
      sent('bedrock.jsonl', index, `https://bedrock-runtime.us-east-1.amazonaws.com/model/${id}/invoke`, '', body, reported);
    const exchanges = [
      invoke(0, 'anthropic.claude-sonnet-4-5-20250929-v1:0', usage(0, 3300, 3, 'anthropic')),
      // Opus 4.1 caches from 1,024 tokens as Sonnet 4.5 does: only the model tells the two caches apart.
      invoke(1, 'us.anthropic.claude-opus-4-1-20250805-v1:0', usage(0, 3300, 3, 'anthropic')),
    ];
    const entries = await cacheTimeline(exchanges, PROVIDER_RULES);
    expect(entries.map(({ model, verdict }) => ({ model, verdict }))).toEqual([
      { model: 'claude-sonnet-4-5-20250929', verdict: 'agrees' },
      // Another model's cache: the same prompt is written again, not read.
      { model: 'claude-opus-4-1-20250805', verdict: 'agrees' },
    ]);
    expect(entries[1]!.predicted!.cachedTokens).toBe(0);
    const prepared = await prepareTraffic(exchanges);
    // Priced by the model the path names, with its breakpoints placed otherwise too.
    expect(breakpointWhatIf(prepared, PROVIDER_RULES).requests).toBe(2);
    // Anthropic's count_tokens reads Anthropic's own bodies: a Bedrock body names no model.
    const counted: unknown[] = [];
    const { anchors } = await providerTokenAnchors(prepared, async (counting) => {
      counted.push(counting);
      return 1;
    });
    expect({ anchors, counted }).toEqual({ anchors: [null, null], counted: [] });
  });
});
