import { describe, expect, it } from 'vitest';
import { createOfflineModel } from '@/lib/ai/offline/offline-model';
import { type ForkPlan, type ModelMessage, parseParentTranscript } from '@/lib/fork';
import { FORK_PLACEHOLDER_RESULT } from '@/lib/fork/qwen/child-message';
import { assistant, parentOf, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { agentToolDeclaration } from './agent-tool';
import { SANDBOX_TOOL_DECLARATIONS, toolsFor } from './agent-tools';
import { ChildRuns } from './child-runs';
import { liveParentTools, type ParentTurnEvent, runParentTurn } from './parent-turn';
import { RunJournal } from './run-journal';
import { SandboxFiles } from './sandbox-files';

const parent = parentOf(
  [
    user('u1', 'The deploy password is swordfish-42.'),
    assistant('a1', 'Noted.'),
    user('u2', 'Look at src/date.ts.'),
    assistant('a2', 'It parses dates.'),
    user('u3', 'Thanks.'),
    assistant('a3', 'You are welcome.'),
  ],
  { tools: SANDBOX_TOOL_DECLARATIONS },
);

function setup(maxRunning?: number) {
  const journal = new RunJournal(':memory:');
  const files = new SandboxFiles();
  const deps = {
    model: () => createOfflineModel(),
    tools: (_session: string, declarations: readonly { name: string }[]) => toolsFor(declarations as never, files),
    redact: (text: string) => text,
  };
  const runs = new ChildRuns({ journal, ...deps, ...(maxRunning === undefined ? {} : { maxRunning }) });
  let next = 0;
  const tokens = async () => ({
    encoding: 'test',
    systemInstruction: 0,
    tools: 0,
    initialMessages: 0,
    firstPrompt: 0,
    total: 0,
    parentNextRequest: 0,
    sharedPrefix: { messages: 0, tokens: 0 },
  });
  return { journal, runs, deps: { ...deps, runs, tokens, newChildId: () => `child-${++next}` } };
}

async function collect(events: AsyncGenerator<ParentTurnEvent>): Promise<ParentTurnEvent[]> {
  const all: ParentTurnEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

const messagesOf = (events: ParentTurnEvent[]) => events.flatMap((event) => (event.type === 'message' ? [event.message] : []));

describe('runParentTurn', () => {
  it('answers the person from the parent’s context and runs sandbox tools', async () => {
    const { deps } = setup();
    const events = await collect(
      runParentTurn({ parent, prompt: 'Use read_file on src/date.ts', policy: 'qwen-fork-turns', modelId: 'offline', sessionId: 's' }, deps),
    );
    expect(messagesOf(events).map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    // What the browser appends to the parent must pass the transcript schema as sent (JSON).
    const sent = JSON.parse(JSON.stringify(messagesOf(events))) as ModelMessage[];
    expect(() => parseParentTranscript({ messages: sent.map((message, index) => ({ id: `m${index}`, message })) })).not.toThrow();
    expect(events.at(-1)).toEqual({ type: 'done' });
  });

  it("keeps the cache forecast for the child's provider with the run it launches", async () => {
    const { deps, journal } = setup();
    const forecast = { provider: 'deepseek' as const, model: 'deepseek-flash', cachedTokens: 1, writtenTokens: 2, uncachedTokens: 3 };
    const planned: number[] = [];
    const predictCache = async (plan: ForkPlan) => {
      planned.push(plan.child!.initialMessages.length);
      return forecast;
    };
    const prompt = 'Call agent with description=Recall subagent_type=fork fork_turns=all prompt: "Summarise."';
    const events = await collect(runParentTurn({ parent, prompt, policy: 'qwen-fork-turns', modelId: 'offline', sessionId: 's' }, { ...deps, predictCache }));
    const child = events.find((event) => event.type === 'child') as Extract<ParentTurnEvent, { type: 'child' }>;
    expect(child.run.predictedCache).toEqual(forecast);
    expect(journal.getRun(child.childId)?.predictedCache).toEqual(forecast);
    expect(planned).toEqual([child.plan.child!.initialMessages.length]);
  });

  it('forks when the model calls the Agent tool: fork_turns "1" cannot tell what "all" can', async () => {
    const { deps, runs, journal } = setup();
    const ask = (turns: string) => `Call agent with description=Recall subagent_type=fork fork_turns=${turns} prompt: "What is the deploy password?"`;
    const one = await collect(runParentTurn({ parent, prompt: ask('1'), policy: 'qwen-fork-turns', modelId: 'offline', sessionId: 's' }, deps));
    const all = await collect(runParentTurn({ parent, prompt: ask('all'), policy: 'qwen-fork-turns', modelId: 'offline', sessionId: 's' }, deps));
    const childOf = (events: ParentTurnEvent[]) => events.find((event) => event.type === 'child') as Extract<ParentTurnEvent, { type: 'child' }>;
    await Promise.all([runs.settled(childOf(one).childId), runs.settled(childOf(all).childId)]);
    expect(journal.getRun(childOf(one).childId)?.finalOutput).toBe('Nothing in my context mentions “deploy password”.');
    expect(journal.getRun(childOf(all).childId)?.finalOutput).toMatch(
      /^From my context \(the user message at position 2 of \d+\): “The deploy password is swordfish-42.”$/,
    );
    // A Qwen fork runs in the background: the parent's call is answered with the placeholder at once.
    const toolMessage = messagesOf(one).find((message) => message.role === 'tool') as Extract<ModelMessage, { role: 'tool' }>;
    expect(toolMessage.content).toEqual([
      { type: 'tool-result', toolCallId: childOf(one).agentCallId, toolName: 'agent', output: { type: 'text', value: FORK_PLACEHOLDER_RESULT } },
    ]);
  });

  it.each([
    {
      policy: 'qwen-fork-turns' as const,
      prompt: 'Call agent with description=Recall subagent_type=fork fork_turns=03 prompt: "x"',
      profile: {},
      // Qwen's scheduler answers with `{ error: message }` and adds nothing to the runtime's text.
      output: { type: 'error-text', value: 'Parameter "fork_turns" must be "all" or a positive integer string such as "3".' },
    },
    {
      policy: 'qwen-fork-turns' as const,
      prompt: 'Call agent with description=Recall subagent_type=fork prompt: "x"',
      profile: { depth: 1, forkChild: true },
      // The blocked-spawn text carries its own "Error: ", once.
      output: { type: 'error-text', value: 'Error: Cannot spawn sub-agents from within a fork. Please execute tasks directly.' },
    },
    {
      policy: 'kimi-fork' as const,
      prompt: 'Call Agent with fork=true description=Notes resume=agent-7 prompt: "x"',
      profile: {},
      // 2.1 puts the call's wall time first; Fork Lab refuses at once.
      output: {
        type: 'text',
        value:
          'Wall time: 0.000 seconds\n<system>ERROR: Tool execution failed.</system>\nCannot set resume when forking the current context. Fork creates a new agent; resume continues an existing one.',
      },
    },
  ])('answers a refused $policy call as the runtime shapes a failed tool call: $output.value', async ({ policy, prompt, profile, output }) => {
    const { deps } = setup();
    const refusing = { ...parent, profile: { ...parent.profile, ...profile } };
    const events = await collect(runParentTurn({ parent: refusing, prompt, policy, modelId: 'offline', sessionId: 's' }, deps));
    expect(events.some((event) => event.type === 'child')).toBe(false);
    const result = messagesOf(events).find((message) => message.role === 'tool') as Extract<ModelMessage, { role: 'tool' }>;
    expect((result.content[0] as { output: unknown }).output).toEqual(output);
  });

  it('a Kimi fork’s call waits for the child and gets its final output as 2.1 frames it', async () => {
    const { deps } = setup();
    const events = await collect(
      runParentTurn(
        {
          parent,
          prompt: 'Call Agent with fork=true description=Recall prompt: "What is the deploy password?"',
          policy: 'kimi-fork',
          modelId: 'offline',
          sessionId: 's',
        },
        deps,
      ),
    );
    const child = events.find((event) => event.type === 'child');
    const result = messagesOf(events).find((message) => message.role === 'tool') as Extract<ModelMessage, { role: 'tool' }>;
    expect((result.content[0] as { output: { value: string } }).output.value).toMatch(
      new RegExp(
        `^Wall time: \\d+\\.\\d{3} seconds\nagent_id: ${child?.type === 'child' ? child.childId : ''}\nactual_subagent_type: ${parent.profile.name}\nstatus: completed\nstop_reason: completed\n\n\\[summary\\]\nFrom my context \\(the user message at position 2 of \\d+\\): “The deploy password is swordfish-42.”\n\nresume_hint: Continue with Agent\\(resume=`,
      ),
    );
  });

  it('offers the selected runtime’s Agent tool, not the one the parent was recorded with, so a Kimi call can set fork', async () => {
    const qwenShaped = parentOf(parent.messages, { tools: [...SANDBOX_TOOL_DECLARATIONS, agentToolDeclaration('qwen-fork-turns')] });
    const { deps } = setup();
    const events = await collect(
      runParentTurn(
        {
          parent: qwenShaped,
          prompt: 'Call agent with fork=true description=Notes prompt: "What is the deploy password?"',
          policy: 'kimi-fork',
          modelId: 'offline',
          sessionId: 's',
        },
        deps,
      ),
    );
    const child = events.find((event) => event.type === 'child');
    expect(child?.type === 'child' && child.request.params).toEqual({ description: 'Notes', fork: true });
    const result = messagesOf(events).find((message) => message.role === 'tool') as Extract<ModelMessage, { role: 'tool' }>;
    expect((result.content[0] as { output: { value: string } }).output.value).toMatch(/swordfish-42/);
  });

  it('keeps the name the parent calls its Agent tool by, with the runtime’s parameters', () => {
    const recorded = { name: 'Task', description: 'Claude Code’s own', inputSchema: { type: 'object', properties: { prompt: { type: 'string' } } } };
    const tools = liveParentTools('kimi-fork', [...SANDBOX_TOOL_DECLARATIONS, recorded]);
    expect(tools.map((tool) => tool.name)).toEqual([...SANDBOX_TOOL_DECLARATIONS.map((tool) => tool.name), 'Task']);
    expect(tools.at(-1)).toEqual({ ...agentToolDeclaration('kimi-fork'), name: 'Task' });
    expect(liveParentTools('deepseek-completed-turns', SANDBOX_TOOL_DECLARATIONS).at(-1)).toEqual(agentToolDeclaration('deepseek-completed-turns'));
  });

  it('a Kimi AgentSwarm with fork starts one child per item together, and its one call gets the swarm result', async () => {
    const { deps } = setup();
    const events = await collect(
      runParentTurn(
        {
          parent,
          prompt: 'Call AgentSwarm with description=Recall fork=true items: "deploy password, date parser" prompt_template: "What is the {{item}}?"',
          policy: 'kimi-agent-swarm',
          modelId: 'offline',
          sessionId: 's',
        },
        deps,
      ),
    );
    const children = events.flatMap((event) => (event.type === 'child' ? [event] : []));
    expect(children.map((child) => [child.name, child.agentCallId === children[0]!.agentCallId, child.plan.family?.member])).toEqual([
      ['Recall #1 (agent)', true, 1],
      ['Recall #2 (agent)', true, 2],
    ]);
    expect(children.map((child) => child.request.policy === 'kimi-agent-swarm' && child.request.member)).toEqual([1, 2]);
    const results = messagesOf(events).filter((message) => message.role === 'tool') as Extract<ModelMessage, { role: 'tool' }>[];
    expect(results).toHaveLength(1);
    expect(results[0]!.content).toHaveLength(1);
    const [wall, ...value] = (results[0]!.content[0] as { toolName: string; output: { value: string } }).output.value.split('\n');
    expect(wall).toMatch(/^Wall time: \d+\.\d{3} seconds$/);
    expect(value[0]).toBe('<agent_swarm_result>');
    expect(value[1]).toBe('<summary>completed: 2</summary>');
    // Each child's final output, in launch order (the offline model answers from what it inherited).
    expect(value[2]).toMatch(/^<subagent agent_id="child-\d+" item="deploy password" outcome="completed">From my context .*<\/subagent>$/);
    expect(value[3]).toMatch(/^<subagent agent_id="child-\d+" item="date parser" outcome="completed">From my context .*<\/subagent>$/);
    expect(JSON.stringify(children[0]!.plan.child!.initialMessages[0]!.message)).toContain('swordfish-42');
    expect(value[4]).toBe('</agent_swarm_result>');
    expect([value[2], value[3]].map((line) => /agent_id="([^"]+)"/.exec(line!)![1])).toEqual(children.map((child) => child.childId));
  });

  it('reports a swarm member that could not start as not started, and gives every swarm its own family id', async () => {
    const { deps } = setup(2);
    const prompt = 'Call AgentSwarm with description=Recall fork=true items: "deploy password, date parser, release" prompt_template: "What is the {{item}}?"';
    const events = await collect(runParentTurn({ parent, prompt, policy: 'kimi-agent-swarm', modelId: 'offline', sessionId: 's' }, deps));
    const children = events.flatMap((event) => (event.type === 'child' ? [event] : []));
    expect(children).toHaveLength(2);
    expect(new Set(children.map((child) => child.familyId)).size).toBe(1);
    expect(children[0]!.familyId).toMatch(/^family-child-\d+$/);
    const result = messagesOf(events).find((message) => message.role === 'tool') as Extract<ModelMessage, { role: 'tool' }>;
    const lines = (result.content[0] as { output: { value: string } }).output.value.split('\n').slice(1);
    expect(lines.slice(0, 3)).toEqual([
      '<agent_swarm_result>',
      '<summary>completed: 2, failed: 1</summary>',
      '<resume_hint>Call AgentSwarm with resume_agent_ids using the agent_id values in this result to continue unfinished work.</resume_hint>',
    ]);
    expect(lines[5]).toBe(
      '<subagent item="release" state="not_started" outcome="failed">2 children are running, the most this server runs at once (2). Stop one or wait for one to finish.</subagent>',
    );
  });

  it('offers AgentSwarm under its own name, beside no recorded Agent tool', () => {
    const recorded = { name: 'agent', description: 'Qwen’s own', inputSchema: { type: 'object', properties: { prompt: { type: 'string' } } } };
    expect(liveParentTools('kimi-agent-swarm', [...SANDBOX_TOOL_DECLARATIONS, recorded]).at(-1)).toEqual(agentToolDeclaration('kimi-agent-swarm'));
  });

  it('refuses a turn while the parent has an unanswered call, naming it', async () => {
    const { deps } = setup();
    const open = parentOf([...parent.messages, toolCalls('c9', [{ id: 'call-9', tool: 'agent', input: {} }])], { tools: SANDBOX_TOOL_DECLARATIONS });
    const events = await collect(runParentTurn({ parent: open, prompt: 'hello?', policy: 'qwen-fork-turns', modelId: 'offline', sessionId: 's' }, deps));
    expect(events).toEqual([
      {
        type: 'error',
        message: 'The parent has an unanswered tool call (#6 agent). Launch the fork it asks for, or delete or answer it, before talking to the parent.',
      },
      { type: 'done' },
    ]);
  });
});
