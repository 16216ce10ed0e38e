import { describe, expect, it } from 'vitest';
import type { CachePrediction } from '@/lib/provider-cache/cache-prediction';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import { cacheTimeline } from '@/lib/traffic/cache-timeline';
import { readAnswer } from '@/lib/traffic/read-answer';
import { streamEventData } from '../server-sent-events';
import { MAX_SERVER_ROUNDS, serverToolRounds, withServerRounds } from './server-tool-rounds';
import { messageContentOfEvents } from './streamed-content';

const streamedMessageContent = (events: string) => messageContentOfEvents(streamEventData(events));

import type { TrafficExchange } from '@/lib/traffic/traffic-exchange';

const call = (id: string, command: string) => ({ type: 'server_tool_use', id, name: 'bash_code_execution', input: { command } });
const result = (id: string, stdout: string) => ({
  type: 'bash_code_execution_tool_result',
  tool_use_id: id,
  content: { type: 'bash_code_execution_result', stdout, stderr: '', return_code: 0 },
});
const text = (words: string) => ({ type: 'text', text: words });
const event = (data: Record<string, unknown>) => `event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`;

describe('serverToolRounds', () => {
  it('starts a round after each server result the model went on from; results side by side end one round', () => {
    const answer = [
      call('a', 'wc -l data.csv'),
      call('b', 'head data.csv'),
      result('a', '10'),
      result('b', 'x,y'),
      text('Ten rows.'),
      call('c', 'tail data.csv'),
      result('c', '9,9'),
      text('Done.'),
    ];
    expect(serverToolRounds(answer)).toEqual([answer.slice(0, 4), answer.slice(0, 7)]);
  });

  it('replays the rounds of a call that ran as many as a call runs, and none of one that claims more', () => {
    const answer = (rounds: number) => [...Array.from({ length: rounds }, (_, at) => [call(`c${at}`, 'ls'), result(`c${at}`, '.')]).flat(), text('Done.')];
    expect(serverToolRounds(answer(MAX_SERVER_ROUNDS))).toHaveLength(MAX_SERVER_ROUNDS);
    expect(serverToolRounds(answer(MAX_SERVER_ROUNDS)).at(-1)).toHaveLength(2 * MAX_SERVER_ROUNDS);
    expect(serverToolRounds(answer(MAX_SERVER_ROUNDS + 1))).toEqual([]);
  });

  it('reads no round from an answer in one round, nor after a result the call stopped on (pause_turn), nor from a client’s tool_result', () => {
    expect(serverToolRounds([text('Hi.')])).toEqual([]);
    expect(serverToolRounds([call('a', 'ls'), result('a', 'data.csv')])).toEqual([]);
    expect(serverToolRounds([{ type: 'tool_result', tool_use_id: 'a', content: 'x' }, text('ok')])).toEqual([]);
  });
});

describe('streamedMessageContent', () => {
  it('puts a streamed answer’s blocks together: a tool input from its JSON pieces, text and thinking from their deltas', () => {
    const events = [
      event({
        type: 'message_start',
        message: { id: 'msg_1', content: [], usage: { input_tokens: 4, cache_read_input_tokens: 0, cache_creation_input_tokens: 10 } },
      }),
      event({ type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } }),
      event({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Count ' } }),
      event({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'the rows.' } }),
      event({ type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'c2ln' } }),
      event({ type: 'content_block_stop', index: 0 }),
      event({ type: 'content_block_start', index: 1, content_block: { type: 'server_tool_use', id: 'a', name: 'bash_code_execution', input: {} } }),
      event({ type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"comm' } }),
      event({ type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: 'and": "wc -l data.csv"}' } }),
      event({ type: 'content_block_stop', index: 1 }),
      event({ type: 'content_block_start', index: 2, content_block: result('a', '10') }),
      event({ type: 'content_block_stop', index: 2 }),
      event({ type: 'content_block_start', index: 3, content_block: { type: 'text', text: '' } }),
      event({ type: 'content_block_delta', index: 3, delta: { type: 'text_delta', text: 'Ten ' } }),
      event({ type: 'content_block_delta', index: 3, delta: { type: 'text_delta', text: 'rows.' } }),
      event({ type: 'content_block_stop', index: 3 }),
      'data: not json\n\n',
    ].join('');
    const content = [{ type: 'thinking', thinking: 'Count the rows.', signature: 'c2ln' }, call('a', 'wc -l data.csv'), result('a', '10'), text('Ten rows.')];
    expect(streamedMessageContent(events)).toEqual(content);
    // Its rounds are replayed only where message_delta gives the usage of them all.
    expect(readAnswer(events).serverRounds).toBeUndefined();
    const cumulative = event({
      type: 'message_delta',
      delta: {},
      usage: { input_tokens: 8, cache_read_input_tokens: 10, cache_creation_input_tokens: 30, output_tokens: 50 },
    });
    expect(readAnswer(events + cumulative)).toMatchObject({
      serverRounds: [content.slice(0, 3)],
      usage: { cachedTokens: 10, writtenTokens: 30, uncachedTokens: 8, outputTokens: 50 },
    });
    expect(streamedMessageContent('data: {"choices": []}\n\n')).toBeNull();
  });
});

describe('withServerRounds', () => {
  const prediction = (cached: number, written: number, uncached: number, reason: string, expiresAtMs: number): CachePrediction => ({
    cachedTokens: cached,
    writtenTokens: written,
    uncachedTokens: uncached,
    totalTokens: cached + written + uncached,
    sharedSegments: 0,
    sharedTokens: 0,
    breakpoints: [3],
    reasons: [reason],
    expiresAtMs,
    expired: false,
  });

  it('adds the rounds up as the provider reports them, keeping the sent request’s reasons and the last round’s expiry', () => {
    const first = prediction(0, 4332, 5, 'Writes 4,332 tokens up to the breakpoint at segment 3.', 300_000);
    expect(withServerRounds(first, [])).toBe(first);
    expect(withServerRounds(first, [prediction(4332, 181, 5, 'ignored', 310_000), prediction(4513, 90, 0, 'ignored', 320_000)])).toEqual({
      ...first,
      cachedTokens: 8845,
      writtenTokens: 4603,
      uncachedTokens: 10,
      totalTokens: 13458,
      reasons: [
        'Writes 4,332 tokens up to the breakpoint at segment 3.',
        'Server tools ran 2 more rounds inside the call, each a request with the answer so far: they read 8,845 and wrote 271 tokens, counted in the same usage.',
      ],
      expiresAtMs: 320_000,
    });
  });
});

describe('a call whose answer ran server tools, through the cache timeline', () => {
  const SYSTEM = 'You are a meticulous data analyst; compute over the attached file exactly. '.repeat(300);
  const ephemeral = { type: 'ephemeral' };
  const answer = {
    content: [call('a', 'wc -l data.csv'), result('a', '10 data.csv'), text('The file has ten rows.')],
    // As the code-execution cassettes report it: two rounds added up. The first wrote the prefix to
    // the user's breakpoint; the second read it and wrote the server tool's call and result.
    usage: { input_tokens: 10, cache_creation_input_tokens: 3980, cache_read_input_tokens: 3900, output_tokens: 60 },
  };
  const exchange: TrafficExchange = {
    source: 'cassette.yaml',
    index: 0,
    atMs: 0,
    url: 'https://api.anthropic.com/v1/messages?beta=true',
    model: 'claude-sonnet-4-6',
    body: {
      model: 'claude-sonnet-4-6',
      system: [{ type: 'text', text: SYSTEM }],
      tools: [{ type: 'code_execution_20260120', name: 'code_execution' }],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'How many rows?', cache_control: ephemeral },
            { type: 'container_upload', file_id: 'file_1' },
          ],
        },
      ],
    },
    ...readAnswer(answer),
  };

  it('reads what the first round wrote in the second, as the provider reported', async () => {
    const [entry] = await cacheTimeline([exchange], PROVIDER_RULES);
    expect(entry!.verdict).toBe('agrees');
    // The second round reads the whole prefix the first wrote, and writes the call and its result.
    const { cachedTokens, writtenTokens, uncachedTokens } = entry!.predicted!;
    expect([cachedTokens, writtenTokens, uncachedTokens].map(Math.round)).toEqual([3903, 3975, 12]);
    expect(entry!.reasons).toEqual([
      'No earlier request in the cache starts the same way.',
      'Writes 3,903 tokens up to the breakpoint at segment 3.',
      'Server tools ran one more round inside the call, each a request with the answer so far: they read 3,903 and wrote 71 tokens, counted in the same usage.',
    ]);
  });

  it('reads nothing when the rounds are not known: the one-round reading the rule replaced', async () => {
    const { serverRounds: _, ...oneRound } = exchange;
    const [entry] = await cacheTimeline([oneRound], PROVIDER_RULES);
    expect(entry!.predicted!.cachedTokens).toBe(0);
    // Read so, the provider's 3,903 read tokens come from nowhere in the log: a cache warmed outside it.
    expect(entry!.verdict).toBe('warmed outside');
  });
});
