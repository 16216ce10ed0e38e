import { describe, expect, it } from 'vitest';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import { cacheTimeline } from './cache-timeline';
import { type DiagnosedReason, diagnosisAsked, diagnosisBeside, diagnosisOf } from './provider-diagnosis';
import { readAnswer } from './read-answer';
import type { TrafficExchange } from './traffic-exchange';

const SYSTEM = 'Follow the house rules for every change. '.repeat(400);
const ephemeral = { type: 'ephemeral' };

describe('diagnosisOf', () => {
  it('reads a change and what it missed, no divergence, a comparison still running, and nothing where the answer was not asked', () => {
    expect(diagnosisOf({ diagnostics: { cache_miss_reason: { type: 'tools_changed', cache_missed_input_tokens: 5210 } } })).toEqual({
      reason: 'tools_changed',
      pending: false,
      missedTokens: 5210,
    });
    // Compared, no divergence: the answer's diagnostics are null.
    expect(diagnosisOf({ diagnostics: null })).toEqual({ reason: null, pending: false, missedTokens: null });
    // Present with no reason: the comparison had not finished when the answer was sent.
    expect(diagnosisOf({ diagnostics: { cache_miss_reason: null } })).toEqual({ reason: null, pending: true, missedTokens: null });
    expect(diagnosisOf({ diagnostics: { cache_miss_reason: { type: 'previous_message_not_found' } } })).toEqual({
      reason: 'previous_message_not_found',
      pending: false,
      missedTokens: null,
    });
    // A reason the API adds later is not misread as one Fork Lab compares.
    expect(diagnosisOf({ diagnostics: { cache_miss_reason: { type: 'ttl_changed', cache_missed_input_tokens: -3 } } })).toEqual({
      reason: 'unavailable',
      pending: false,
      missedTokens: null,
    });
    expect(diagnosisOf({ id: 'msg_1', usage: {} })).toBeUndefined();
    expect(diagnosisOf({ diagnostics: 'yes' })).toBeUndefined();
  });

  it('reads whether a request asked, and the id it names: none from an empty or missing one', () => {
    expect(diagnosisAsked({ diagnostics: { previous_message_id: 'msg_1' } })).toEqual({ previousId: 'msg_1' });
    expect(diagnosisAsked({ diagnostics: { previous_message_id: null } })).toEqual({ previousId: null });
    expect(diagnosisAsked({ diagnostics: { previous_message_id: '' } })).toEqual({ previousId: null });
    expect(diagnosisAsked({})).toBeNull();
  });

  it('agrees when both name the same change, or both none; compares nothing it cannot', () => {
    const earlier = { source: '', index: 0, atMs: 0 };
    const said = (reason: DiagnosedReason | null, pending = false) => ({ reason, pending, missedTokens: null });
    expect(diagnosisBeside(said('system_changed'), 'msg_1', earlier, 'system_changed').agrees).toBe(true);
    expect(diagnosisBeside(said(null), 'msg_1', earlier, null).agrees).toBe(true);
    expect(diagnosisBeside(said('messages_changed'), 'msg_1', earlier, null).agrees).toBe(false);
    expect(diagnosisBeside(said(null, true), 'msg_1', earlier, null).agrees).toBeNull();
    expect(diagnosisBeside(said('unavailable'), 'msg_1', earlier, null).agrees).toBeNull();
    expect(diagnosisBeside(null, 'msg_1', earlier, null).agrees).toBeNull();
    expect(diagnosisBeside(said('messages_changed'), 'msg_elsewhere', null, undefined).agrees).toBeNull();
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
        exchange(4, ['Hi.'], { diagnostics: null }, 'msg_elsewhere'),
        // Asked, and the answer carries no diagnosis at all (an upstream that does not know the field).
        exchange(5, ['Add a test.', 'Added.', 'Run it.', 'Passed.', 'Push.'], {}, 'msg_3'),
        // Still comparing when the answer was sent: inconclusive, whatever Fork Lab finds.
        exchange(6, ['Add a test.', 'Added.', 'Run it.', 'Passed.', 'Push.', 'Pushed.', 'Tag it.'], { diagnostics: { cache_miss_reason: null } }, 'msg_5'),
      ],
      PROVIDER_RULES,
    );
    expect(entries.map((entry) => entry.diagnosis)).toEqual([
      null,
      null,
      {
        provider: { reason: 'messages_changed', pending: false, missedTokens: 3300 },
        asked: 'msg_1',
        earlier: { source: 'diagnosed.jsonl', index: 1, atMs: 60_000 },
        ours: 'messages_changed',
        agrees: true,
      },
      // Fork Lab finds #3 repeats all of #2: the provider's word against it is a finding.
      {
        provider: { reason: 'system_changed', pending: false, missedTokens: 3300 },
        asked: 'msg_2',
        earlier: { source: 'diagnosed.jsonl', index: 2, atMs: 120_000 },
        ours: null,
        agrees: false,
      },
      { provider: { reason: null, pending: false, missedTokens: null }, asked: 'msg_elsewhere', earlier: null, ours: undefined, agrees: null },
      { provider: null, asked: 'msg_3', earlier: { source: 'diagnosed.jsonl', index: 3, atMs: 180_000 }, ours: null, agrees: null },
      {
        provider: { reason: null, pending: true, missedTokens: null },
        asked: 'msg_5',
        earlier: { source: 'diagnosed.jsonl', index: 5, atMs: 300_000 },
        ours: null,
        agrees: null,
      },
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
