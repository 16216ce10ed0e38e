import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '@/lib/fork';
import { groupSessions } from './runtime-sessions';

const conversation = (id: number, texts: string[], system = 'S') => ({
  id,
  api: 'openai-chat' as const,
  transcript: {
    profile: { agentId: 'a', name: 'a', systemInstruction: system, tools: [], model: 'm', depth: 0 },
    messages: texts.map((text, index) => ({ id: `${id}-${index}`, message: { role: index % 2 === 0 ? 'user' : 'assistant', content: text } as ModelMessage })),
  },
});

describe('groupSessions', () => {
  it('follows a conversation by prefix continuity, and starts a new one for a request that diverges', () => {
    const sessions = groupSessions([
      { id: 1, sessionKey: null, conversation: conversation(1, ['Fix the bug.']) },
      { id: 2, sessionKey: null, conversation: conversation(2, ['Fix the bug.', 'Looking.', 'Go on.']) },
      { id: 3, sessionKey: null, conversation: conversation(3, ['Fix the bug.', 'Other.']) },
      { id: 4, sessionKey: null, conversation: conversation(4, ['Fix the bug.', 'Looking.', 'Go on.', 'Done.', 'Thanks.']) },
      { id: 5, sessionKey: null, conversation: conversation(5, ['Fix the bug.'], 'another system') },
    ]);
    expect(sessions.map((session) => [session.by, session.captureIds])).toEqual([
      ['continuity', [1, 2, 4]],
      ['continuity', [3]],
      ['continuity', [5]],
    ]);
    expect(sessions[0]).toMatchObject({ title: 'Fix the bug.', messages: 5 });
  });

  it("groups by the runtime's own id when it sends one", () => {
    const sessions = groupSessions([
      { id: 1, sessionKey: 'prompt_cache_key:a', conversation: conversation(1, ['One.']) },
      { id: 2, sessionKey: 'prompt_cache_key:b', conversation: conversation(2, ['Two.']) },
      { id: 3, sessionKey: 'prompt_cache_key:a', conversation: conversation(3, ['Unrelated.']) },
    ]);
    expect(sessions.map((session) => [session.key, session.captureIds])).toEqual([
      ['prompt_cache_key:a', [1, 3]],
      ['prompt_cache_key:b', [2]],
    ]);
  });

  it('starts a session for a fork child that copied its whole parent', () => {
    const parentAsk = conversation(1, ['Fix the bug.']);
    const child = conversation(2, ['Fix the bug.', 'Forked.', 'Check the tests.']);
    const parentNext = conversation(3, ['Fix the bug.', 'Calling.', 'Started.']);
    const captures = [parentAsk, child, parentNext].map((entry) => ({ id: entry.id, sessionKey: null, conversation: entry }));
    expect(groupSessions(captures).map((session) => session.captureIds)).toEqual([[1, 2], [3]]);
    expect(groupSessions(captures, new Set([2])).map((session) => session.captureIds)).toEqual([[1, 3], [2]]);
  });
});
