import { describe, expect, it } from 'vitest';
import type { ChildMessage } from '../fork-plan';
import type { ModelMessage } from '../transcript/transcript';
import { closeOrphanedCalls, ORPHAN_TOOL_USE_REPAIR_REASON } from './close-orphaned-calls';

const copy = (message: ModelMessage, index: number): ChildMessage => ({ message, source: { kind: 'copy', parentIndexes: [index], parentIds: [`m${index}`] } });
const calls = (...ids: string[]): ModelMessage => ({
  role: 'assistant',
  content: ids.map((id) => ({ type: 'tool-call', toolCallId: id, toolName: 'read_file', input: {} })),
});
const results = (...ids: string[]): ModelMessage => ({
  role: 'tool',
  content: ids.map((id) => ({ type: 'tool-result', toolCallId: id, toolName: 'read_file', output: { type: 'text', value: id } })),
});
const closing = (...ids: string[]): ChildMessage => ({
  message: {
    role: 'tool',
    content: ids.map((id) => ({
      type: 'tool-result',
      toolCallId: id,
      toolName: 'read_file',
      output: { type: 'error-text', value: ORPHAN_TOOL_USE_REPAIR_REASON },
    })),
  },
  source: { kind: 'synthetic', rule: 'orphaned-call-closed', toolCallIds: ids },
});

describe('closeOrphanedCalls', () => {
  it('answers the calls no result answers, after the results that are there, and names the calls it closed', () => {
    const history = [
      copy({ role: 'user', content: 'go' }, 0),
      copy(calls('a', 'b', 'c'), 1),
      copy(results('b'), 2),
      copy({ role: 'assistant', content: 'ok' }, 3),
    ];
    expect(closeOrphanedCalls(history)).toEqual({ initialMessages: [...history.slice(0, 3), closing('a', 'c'), history[3]], closedSources: [1] });
  });

  it('closes a call at the end of the history, where the first prompt follows', () => {
    const history = [copy(calls('a'), 0)];
    expect(closeOrphanedCalls(history).initialMessages).toEqual([history[0], closing('a')]);
  });

  it('leaves answered calls, results without a call and provider-run tools as they are', () => {
    const providerRun: ModelMessage = {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: 'p', toolName: 'web_search', input: {}, providerExecuted: true }],
    };
    const history = [copy(results('x'), 0), copy(calls('a'), 1), copy(results('a'), 2), copy(providerRun, 3)];
    expect(closeOrphanedCalls(history)).toEqual({ initialMessages: history, closedSources: [] });
  });
});
