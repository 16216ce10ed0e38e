import { describe, expect, it } from 'vitest';
import type { ForkPolicy, ForkRequest, ModelMessage } from '@/lib/fork';
import { type CapturedConversation, readCapture } from './captured-conversation';
import { checkForks } from './fork-check';
import { whereTextsPart } from './planned-against-sent';
import { runtimeThatForks as forkThroughForkLab, type RuntimeQuirks } from './testing/runtime-that-forks';

/** The forks the check finds in a scripted runtime's traffic. */
async function runtimeThatForks(policy: ForkPolicy, ask: string, quirks: RuntimeQuirks = {}) {
  return checkForks(await trafficOf(policy, ask, quirks));
}

/** A scripted runtime's captured requests, read back as conversations, numbered from `after` + 1. */
async function trafficOf(policy: ForkPolicy, ask: string, quirks: RuntimeQuirks = {}, after = 0): Promise<CapturedConversation[]> {
  const store = await forkThroughForkLab(policy, ask, quirks);
  const conversations = await Promise.all(store.list().map((capture) => readCapture(capture.id + after, capture.api, capture.requestBody)));
  return conversations.filter((entry) => entry !== null);
}

describe('checking a runtime from its traffic', () => {
  it("passes a runtime that forks by Qwen Code's rules, naming the runtime it guessed", async () => {
    const findings = await runtimeThatForks(
      'qwen-fork-turns',
      'Call agent with description=Recall subagent_type=fork fork_turns=all prompt: "What is the deploy password?"',
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ runtime: 'qwen-fork-turns', guessed: true, guessedFrom: 'rules', verdict: 'matches', difference: null });
    expect(findings[0]!.sharedPrefixMessages).toBe(5);
  });

  it("passes a runtime that forks by Kimi Code's rules", async () => {
    const findings = await runtimeThatForks('kimi-fork', 'Call agent with fork=true description=Notes prompt: "What is the deploy password?"');
    expect(findings).toMatchObject([{ runtime: 'kimi-fork', verdict: 'matches' }]);
  });

  it("finds every member of a Kimi AgentSwarm by its own filled-in task, and passes a swarm that forks by Kimi Code's rules", async () => {
    const findings = await runtimeThatForks(
      'kimi-agent-swarm',
      'Call AgentSwarm with description=Notes fork=true items: "notes.txt, todo.txt" prompt_template: "Say what {{item}} holds"',
    );
    expect(findings).toMatchObject([
      { runtime: 'kimi-agent-swarm', member: 1, verdict: 'matches' },
      { runtime: 'kimi-agent-swarm', member: 2, verdict: 'matches' },
    ]);
    expect(findings[0]!.toolCallId).toBe(findings[1]!.toolCallId);
    expect(findings[0]!.childId).not.toBe(findings[1]!.childId);
  });

  it('flags a runtime that keeps one turn too many, at the first message it should not have sent', async () => {
    const oneMore = (request: ForkRequest) => ({ ...request, params: { ...request.params, fork_turns: '2' } }) as ForkRequest;
    const findings = await runtimeThatForks(
      'qwen-fork-turns',
      'Call agent with description=Recall subagent_type=fork fork_turns=1 prompt: "What is the deploy password?"',
      {
        mistake: oneMore,
      },
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]!.verdict).toBe('differs');
    // With one turn the child starts at the parent's last prompt (message 4); with two it starts two prompts back.
    expect(findings[0]!.difference).toMatchObject({ at: 'messages[0].content' });
    expect(findings[0]!.expectedMessages).toBeLessThan(findings[0]!.actualMessages);
    // The compare view's diff: the extra turn's two messages added, then the plan's six repeated.
    expect(findings[0]!.items.map(({ kind, planned, sent, count, source }) => [kind, planned, sent, count, source])).toEqual([
      ['added', null, 0, 1, 'copy of parent #2'],
      ['added', null, 1, 1, 'copy of parent #3'],
      ['same', 0, 2, 6, 'copy of parent #4'],
    ]);
  });

  it("guesses a wrong child's runtime from the framing it carries, where several runtimes' Agent tools fit the call", async () => {
    // `Agent {subagent_type: fork, description, prompt}` fits Qwen Code's `agent` (first in the
    // registry, and a fork by its rules too) and Claude Code's `Agent`; the child carries Claude
    // Code's fork directive but drops the turn in flight.
    const forgetsTheCall = (messages: ModelMessage[]) =>
      messages.filter(
        (message) =>
          message.role !== 'tool' &&
          !(message.role === 'assistant' && Array.isArray(message.content) && message.content.some((part) => part.type === 'tool-call')),
      );
    const findings = await runtimeThatForks(
      'claude-code-fork',
      'Call Agent with subagent_type=fork description=password prompt: "What is the deploy password?"',
      { sendWrongly: forgetsTheCall },
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ runtime: 'claude-code-fork', guessed: true, guessedFrom: 'boilerplate', verdict: 'differs' });
  });

  it('tells apart two conversations whose calls share an id, each with its own child', async () => {
    // Asks of the same length: the offline model gives both calls the same id, as Kimi numbers its calls.
    const first = await trafficOf('kimi-fork', 'Call agent with fork=true description=Notes prompt: "What is the deploy password?"');
    const second = await trafficOf('kimi-fork', 'Call agent with fork=true description=Notes prompt: "What is the deploy passcode?"', {}, 3);
    const findings = await checkForks([...first, ...second]);
    expect(findings.map((finding) => [finding.parentId, finding.childId, finding.verdict])).toEqual([
      [3, 2, 'matches'],
      [6, 5, 'matches'],
    ]);
    expect(findings[0]!.toolCallId).toBe(findings[1]!.toolCallId);
  });

  it('gives each of two runs of the same task the child beside its own parent', async () => {
    const task = 'prompt: "What is the deploy password?"';
    const first = await trafficOf('kimi-fork', `Call agent with fork=true description=Notes ${task}`);
    const second = await trafficOf('kimi-fork', `Now call agent again with fork=true description=Notes ${task}`, {}, 3);
    const findings = await checkForks([...first, ...second]);
    expect(findings.map((finding) => [finding.parentId, finding.childId])).toEqual([
      [3, 2],
      [6, 5],
    ]);
  });

  for (const api of ['openai-responses', 'anthropic-messages'] as const) {
    it(`passes a runtime that forks by Kimi Code's rules over ${api}, streamed answers and all`, async () => {
      const findings = await runtimeThatForks('kimi-fork', 'Call agent with fork=true description=Notes prompt: "What is the deploy password?"', { api });
      expect(findings).toMatchObject([{ parentId: 3, childId: 2, runtime: 'kimi-fork', verdict: 'matches', sharedPrefixMessages: 5 }]);
    });
  }

  it('reads one text sent as a string and planned as a part (or the other way) as the same message', async () => {
    // Claude Code sends a plain prompt as a string; Fork Lab's Messages writer sends every text as a block.
    const asStrings = (body: { messages: { content: unknown }[] }) => ({
      ...body,
      messages: body.messages.map((message) => {
        const blocks = message.content as { type: string; text?: string }[];
        return Array.isArray(blocks) && blocks.length === 1 && blocks[0]!.type === 'text' ? { ...message, content: blocks[0]!.text } : message;
      }),
    });
    const store = await forkThroughForkLab('kimi-fork', 'Call agent with fork=true description=Notes prompt: "What is the deploy password?"', {
      api: 'anthropic-messages',
    });
    const rewritten = asStrings(JSON.parse(store.get(2)!.requestBody));
    expect(rewritten.messages.filter((message) => typeof message.content === 'string').length).toBeGreaterThan(2);
    const traffic = await Promise.all(
      store.list().map((capture) => readCapture(capture.id, capture.api, capture.id === 2 ? JSON.stringify(rewritten) : capture.requestBody)),
    );
    const findings = await checkForks(traffic.filter((conversation) => conversation !== null));
    expect(findings).toMatchObject([{ childId: 2, verdict: 'matches' }]);
  });

  it('judges a child by its first request, not the later ones that repeat the task', async () => {
    // Parent asks (#1), the child sends two requests (#2, #3), the parent records the call (#4).
    const findings = await runtimeThatForks('kimi-fork', 'Call agent with fork=true description=Notes prompt: "What is the deploy password?"', {
      childGoesOn: true,
    });
    expect(findings.map((finding) => [finding.parentId, finding.childId, finding.verdict])).toEqual([[4, 2, 'matches']]);
  });

  it('finds a call once though a later request writes its history in another shape', async () => {
    const store = await forkThroughForkLab('kimi-fork', 'Call agent with fork=true description=Notes prompt: "What is the deploy password?"');
    const traffic = await Promise.all(store.list().map((capture) => readCapture(capture.id, capture.api, capture.requestBody)));
    const later = JSON.parse(store.get(3)!.requestBody) as { messages: { content: unknown }[] };
    const asParts = later.messages.map((message) =>
      typeof message.content === 'string' ? { ...message, content: [{ type: 'text', text: message.content }] } : message,
    );
    const rewritten = await readCapture(4, 'openai-chat', JSON.stringify({ ...later, messages: asParts }));
    const findings = await checkForks([...traffic, rewritten].filter((conversation) => conversation !== null));
    expect(findings.map((finding) => [finding.parentId, finding.childId])).toEqual([[3, 2]]);
  });
});

describe('whereTextsPart', () => {
  it('shows two long texts from a little before where they part, not whole', () => {
    const shared = 'x'.repeat(500);
    expect(whereTextsPart(`${shared}cc_entrypoint=cli;\n\nYou are`, `${shared}cc_entrypoint=cli; cc_is_subagent=true;\n\nYou are`)).toEqual({
      expected: `…${'x'.repeat(42)}cc_entrypoint=cli;\n\nYou are`,
      actual: `…${'x'.repeat(42)}cc_entrypoint=cli; cc_is_subagent=true;\n\nYou are`,
    });
    expect(whereTextsPart('short a', 'short b')).toEqual({ expected: 'short a', actual: 'short b' });
  });
});

describe('the release the traffic announces', () => {
  it('checks a fork by the rules of the release its user agent names, and by older rules when asked: they differ', async () => {
    const traffic = await trafficOf(
      'qwen-fork-turns',
      'Call agent with description=Recall subagent_type=fork fork_turns=all prompt: "What is the deploy password?"',
    );
    const announced = traffic.map((conversation) => ({ ...conversation, headers: { 'user-agent': 'QwenCode/0.24.4 (linux; x64)' } }));
    const [finding] = await checkForks(announced);
    expect(finding).toMatchObject({ runtime: 'qwen-fork-turns', guessed: false, announced: { release: '0.24.4', runtimeVersion: '0.24' }, verdict: 'matches' });
    // Read by the rules before 0.24 (another boilerplate, the parent's whole tool list), the same child differs.
    const [older] = await checkForks(announced, { runtime: 'qwen-fork-turns', runtimeVersion: '0.23' });
    expect(older).toMatchObject({ announced: { runtimeVersion: '0.23' }, verdict: 'differs' });
  });
});

describe('a task quoted before its call was made', () => {
  const HARNESS = { 'user-agent': 'deepseek-harness/0.1.0-rc.8' };
  const INNER = 'What is the deploy password?';
  const INNER_CALL = `Call subagent_fork with description=Inner prompt=“${INNER}”`;
  const OUTER = `Call subagent_fork with description=Outer prompt="${INNER_CALL}"`;
  const call = (id: string, description: string, prompt: string) => ({
    role: 'assistant',
    content: null,
    tool_calls: [{ id, type: 'function', function: { name: 'subagent_fork', arguments: JSON.stringify({ description, prompt }) } }],
  });
  const told = [
    { role: 'user', content: 'The deploy password is heron-7731.' },
    { role: 'assistant', content: 'Noted.' },
  ];
  const tools = [{ type: 'function', function: { name: 'subagent_fork', parameters: { type: 'object', properties: { prompt: { type: 'string' } } } } }];
  const request = async (id: number, messages: object[]) =>
    (await readCapture(id, 'openai-chat', JSON.stringify({ model: 'deepseek-v4-flash', messages, tools }), HARNESS))!;

  it('is no child: the parent’s next request that repeats the prompt asking for a fork that forks again', async () => {
    const traffic = [
      // The parent asks for a fork whose task is to fork again; the fork's own call is refused.
      await request(1, [...told, { role: 'user', content: OUTER }]),
      await request(2, [...told, { role: 'user', content: INNER_CALL }]),
      await request(3, [
        ...told,
        { role: 'user', content: INNER_CALL },
        call('inner', 'Inner', INNER),
        { role: 'tool', tool_call_id: 'inner', content: 'Error: subagent depth 2 exceeds maxDepth 1' },
      ]),
      // The parent goes on: its prompt quotes the inner task, after the history the fork's call had.
      await request(4, [
        ...told,
        { role: 'user', content: OUTER },
        call('outer', 'Outer', INNER_CALL),
        { role: 'tool', tool_call_id: 'outer', content: 'The fork could not fork.' },
      ]),
    ];
    const findings = await checkForks(traffic);
    expect(findings.map((finding) => [finding.parentId, finding.childId, finding.toolCallId, finding.verdict])).toEqual([[4, 2, 'outer', 'matches']]);
  });
});
