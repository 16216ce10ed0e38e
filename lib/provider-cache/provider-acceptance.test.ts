import { describe, expect, it } from 'vitest';
import { type ForkRequest, type ModelMessage, planFork, type ToolDeclaration } from '@/lib/fork';
import { parentOf, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { providerAcceptance } from './provider-acceptance';

const call = (id: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'tool-call', toolCallId: id, toolName: 'read_file', input: {} }] });
const result = (id: string, output: unknown = { type: 'text', value: 'ok' }): ModelMessage =>
  ({ role: 'tool', content: [{ type: 'tool-result', toolCallId: id, toolName: 'read_file', output }] }) as ModelMessage;
const prompt = (text: string): ModelMessage => ({ role: 'user', content: text });
const readFile: ToolDeclaration = { name: 'read_file', description: 'Read a file.', inputSchema: { type: 'object' } };

function statuses(messages: ModelMessage[], tools = [readFile]) {
  return Object.fromEntries(providerAcceptance(messages, tools).map((entry) => [entry.provider, entry.status]));
}

describe('providerAcceptance', () => {
  it('accepts a well-formed request everywhere', () => {
    expect(statuses([prompt('go'), call('c1'), result('c1'), prompt('task')])).toEqual({
      anthropic: 'accepted',
      openai: 'accepted',
      gemini: 'accepted',
      deepseek: 'accepted',
      kimi: 'accepted',
      qwen: 'accepted',
    });
  });

  it('refuses an unanswered call where the provider says so, with its words and the message', () => {
    const verdicts = providerAcceptance([prompt('go'), call('c1'), prompt('task')], [readFile]);
    const anthropic = verdicts.find((entry) => entry.provider === 'anthropic')!;
    expect(anthropic.status).toBe('refused');
    expect(anthropic.findings).toEqual([
      {
        kind: 'unanswered-call',
        verdict: 'refuses',
        messageIndex: 1,
        count: 1,
        detail: 'call c1',
        error: '`tool_use` ids were found without `tool_result` blocks immediately after',
        source: { url: 'https://github.com/anthropics/claude-code/issues/5989', checked: '2026-12-01' },
      },
    ]);
    expect(verdicts.find((entry) => entry.provider === 'kimi')!.status).toBe('uncertain');
  });

  it('refuses a result whose call is not in the assistant message before it, everywhere', () => {
    expect(new Set(Object.values(statuses([prompt('go'), result('c9'), prompt('task')])))).toEqual(new Set(['refused']));
  });

  it('judges images in tool results by provider', () => {
    const image = { type: 'content', value: [{ type: 'image-data', data: 'AAAA', mediaType: 'image/png' }] };
    const verdicts = statuses([prompt('go'), call('c1'), result('c1', image), prompt('task')]);
    expect(verdicts).toMatchObject({ anthropic: 'accepted', openai: 'refused', deepseek: 'refused', gemini: 'uncertain' });
  });

  it('checks tool names against each provider pattern', () => {
    const verdicts = statuses([prompt('task')], [{ ...readFile, name: 'files.read' }]);
    expect(verdicts).toMatchObject({ anthropic: 'refused', openai: 'refused', gemini: 'accepted', kimi: 'refused', deepseek: 'accepted' });
  });

  it('notes a merge of two user messages without refusing, once for all its places', () => {
    const anthropic = providerAcceptance([prompt('one'), prompt('two'), call('c1'), result('c1'), prompt('three'), prompt('four')], [readFile])[0]!;
    expect(anthropic).toMatchObject({ status: 'accepted', findings: [{ kind: 'same-role-twice', verdict: 'merges', messageIndex: 1, count: 2 }] });
  });

  it('finds every runtime repair of an open call acceptable to Anthropic and OpenAI', () => {
    const parent = parentOf([user('u1', 'Find the bug'), toolCalls('a1', [{ id: 'c1', tool: 'read_file', input: { path: 'a.ts' } }])]);
    const requests: ForkRequest[] = [
      { policy: 'qwen-fork-turns', directive: 'task', params: { description: 'Fork', subagent_type: 'fork', fork_turns: 'all' } },
      { policy: 'kimi-fork', directive: 'task', params: { description: 'Fork', fork: true } },
      { policy: 'deepseek-completed-turns', directive: 'task', params: {} },
    ];
    for (const request of requests) {
      const child = planFork(parent, request).child!;
      const messages = [...child.initialMessages, child.firstPrompt].map((entry) => entry.message);
      expect({ policy: request.policy, ...statuses(messages, child.tools) }).toMatchObject({
        policy: request.policy,
        anthropic: 'accepted',
        openai: 'accepted',
      });
    }
  });
});

describe('requestProblems', () => {
  it("takes a provider-executed call answered in the model's own message as answered", async () => {
    const { requestProblems } = await import('./request-problems');
    const searched: ModelMessage = {
      role: 'assistant',
      content: [
        { type: 'tool-call', toolCallId: 's1', toolName: 'web_search', input: {}, providerExecuted: true },
        { type: 'tool-result', toolCallId: 's1', toolName: 'web_search', output: { type: 'text', value: 'found' } },
        { type: 'text', text: 'Found it.' },
      ],
    };
    expect(requestProblems([prompt('search'), searched, prompt('thanks')])).toEqual([]);
  });
});
