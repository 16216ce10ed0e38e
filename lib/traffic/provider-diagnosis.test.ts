import { describe, expect, it } from 'vitest';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import { cacheTimeline } from './cache-timeline';
import { diagnosisBeside, diagnosisOf, previousMessageId } from './provider-diagnosis';
import { readAnswer } from './read-answer';
import type { TrafficExchange } from './traffic-exchange';

const SYSTEM = 'Follow the house rules for every change. '.repeat(400);
const ephemeral = { type: 'ephemeral' };

describe('diagnosisOf', () => {
  it('reads the reason and the missed tokens, no divergence as null, and nothing where the answer was not asked', () => {
    expect(diagnosisOf({ diagnostics: { cache_miss_reason: { type: 'tools_changed', cache_missed_input_tokens: 5210 } } })).toEqual({
      reason: 'tools_changed',
      missedTokens: 5210,
    });
    expect(diagnosisOf({ diagnostics: { cache_miss_reason: null } })).toEqual({ reason: null, missedTokens: null });
    expect(diagnosisOf({ diagnostics: { cache_miss_reason: { type: 'previous_message_not_found' } } })).toEqual({
      reason: 'previous_message_not_found',
      missedTokens: null,
    });
    // A reason the API adds later is not misread as one Fork Lab compares.
    expect(diagnosisOf({ diagnostics: { cache_miss_reason: { type: 'ttl_changed', cache_missed_input_tokens: -3 } } })).toEqual({
      reason: 'unavailable',
      missedTokens: null,
    });
    expect(diagnosisOf({ id: 'msg_1', usage: {} })).toBeUndefined();
  });

  it('reads the id a request names, and none from an empty or missing one', () => {
    expect(previousMessageId({ diagnostics: { previous_message_id: 'msg_1' } })).toBe('msg_1');
    expect(previousMessageId({ diagnostics: { previous_message_id: null } })).toBeNull();
    expect(previousMessageId({ diagnostics: { previous_message_id: '' } })).toBeNull();
    expect(previousMessageId({})).toBeNull();
  });

  it('agrees when both name the same change, or both none; compares nothing it cannot', () => {
    const earlier = { source: '', index: 0, atMs: 0 };
    expect(diagnosisBeside({ reason: 'system_changed', missedTokens: 10 }, 'msg_1', earlier, 'system_changed').agrees).toBe(true);
    expect(diagnosisBeside({ reason: null, missedTokens: null }, 'msg_1', earlier, null).agrees).toBe(true);
    expect(diagnosisBeside({ reason: 'messages_changed', missedTokens: 10 }, 'msg_1', earlier, null).agrees).toBe(false);
    expect(diagnosisBeside({ reason: 'unavailable', missedTokens: null }, 'msg_1', earlier, null).agrees).toBeNull();
    expect(diagnosisBeside({ reason: 'messages_changed', missedTokens: null }, 'msg_elsewhere', null, undefined).agrees).toBeNull();
  });
});

describe('the provider’s diagnosis in the cache timeline', () => {
  const exchange = (index: number, turns: string[], answer: Record<string, unknown>, previous?: string): TrafficExchange => ({
    source: 'diagnosed.jsonl',
    index,
    atMs: index * 60_000,
    url: 'https://api.anthropic.com/v1/messages',
    model: 'claude-sonnet-4-20250514',
    body: {
      model: 'claude-sonnet-4-20250514',
      system: [{ type: 'text', text: SYSTEM, cache_control: ephemeral }],
      messages: turns.map((text, at) => ({ role: at % 2 === 0 ? 'user' : 'assistant', content: text })),
      ...(previous === undefined ? {} : { diagnostics: { previous_message_id: previous } }),
    },
    ...readAnswer({
      type: 'message',
      id: `msg_${index}`,
      usage: { input_tokens: 4, cache_creation_input_tokens: 3300, cache_read_input_tokens: 0 },
      ...answer,
    }),
  });

  it('sets it beside Fork Lab’s parting from the request whose answer it names, not the closest one', async () => {
    const entries = await cacheTimeline(
      [
        exchange(0, ['Add a test.'], {}),
        exchange(1, ['Fix the bug.'], {}),
        // Names #1's answer though #0 shares more: compared with #1, where Fork Lab too finds the messages part.
        exchange(
          2,
          ['Add a test.', 'Added.', 'Run it.'],
          { diagnostics: { cache_miss_reason: { type: 'messages_changed', cache_missed_input_tokens: 3300 } } },
          'msg_1',
        ),
        exchange(
          3,
          ['Add a test.', 'Added.', 'Run it.', 'Passed.'],
          { diagnostics: { cache_miss_reason: { type: 'system_changed', cache_missed_input_tokens: 3300 } } },
          'msg_2',
        ),
        exchange(4, ['Hi.'], { diagnostics: { cache_miss_reason: null } }, 'msg_elsewhere'),
      ],
      PROVIDER_RULES,
    );
    expect(entries.map((entry) => entry.diagnosis)).toEqual([
      null,
      null,
      {
        provider: { reason: 'messages_changed', missedTokens: 3300 },
        asked: 'msg_1',
        earlier: { source: 'diagnosed.jsonl', index: 1, atMs: 60_000 },
        ours: 'messages_changed',
        agrees: true,
      },
      // Fork Lab finds #3 repeats all of #2: the provider's word against it is a finding.
      {
        provider: { reason: 'system_changed', missedTokens: 3300 },
        asked: 'msg_2',
        earlier: { source: 'diagnosed.jsonl', index: 2, atMs: 120_000 },
        ours: null,
        agrees: false,
      },
      { provider: { reason: null, missedTokens: null }, asked: 'msg_elsewhere', earlier: null, ours: undefined, agrees: null },
    ]);
  });

  it('reads a streamed answer’s id and diagnosis off its message_start', () => {
    const start = {
      type: 'message_start',
      message: {
        type: 'message',
        id: 'msg_9',
        diagnostics: { cache_miss_reason: { type: 'model_changed' } },
        usage: { input_tokens: 3, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
      },
    };
    expect(readAnswer(`event: message_start\ndata: ${JSON.stringify(start)}\n\n`)).toMatchObject({
      answerId: 'msg_9',
      diagnosis: { reason: 'model_changed', missedTokens: null },
    });
  });
});
