import { describe, expect, it } from 'vitest';
import { readAnswer } from '@/lib/traffic/read-answer';
import { streamEventData } from '../server-sent-events';
import { MAX_SERVER_ROUNDS, serverToolRounds } from './server-tool-rounds';
import { messageContentOfEvents } from './streamed-content';
import { serverCall as call, serverResult as result, textBlock as text } from './testing/server-tool-blocks';

const streamedMessageContent = (events: string) => messageContentOfEvents(streamEventData(events));

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
