import { createOpenAI } from '@ai-sdk/openai';
import { generateText, jsonSchema, type ModelMessage, type ToolSet, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { type ForkPolicy, type ForkRequest, type ParentTranscript, planFork, runtimeOf, type ToolDeclaration } from '@/lib/fork';
import { checkForks, readCapture } from './fork-check';
import { pointedAtForkLab } from './testing/pointed-at-fork-lab';

const HISTORY: ModelMessage[] = [
  { role: 'user', content: 'The deploy password is swordfish-42.' },
  { role: 'assistant', content: 'Noted.' },
  { role: 'user', content: 'Look at src/date.ts.' },
  { role: 'assistant', content: 'It parses dates.' },
];

function sdkTools(declarations: readonly ToolDeclaration[]): ToolSet {
  return Object.fromEntries(
    declarations.map((declaration) => [
      declaration.name,
      tool({ description: declaration.description ?? '', inputSchema: jsonSchema(declaration.inputSchema ?? { type: 'object', properties: {} }) }),
    ]),
  );
}

/**
 * A small runtime pointed at Fork Lab: its parent asks the model, the model calls the Agent tool,
 * and the runtime forks a child by `policy`'s rules (the engine plans it, as the runtime's own code
 * would), sends the child's first request, and answers the call. `mistake` changes what the runtime plans first.
 */
async function runtimeThatForks(policy: ForkPolicy, ask: string, mistake?: (request: ForkRequest) => ForkRequest) {
  const { store, fetch } = pointedAtForkLab();
  const model = createOpenAI({ baseURL: 'http://127.0.0.1:3000/v1', apiKey: 'sk-none', fetch }).chat('gpt-5');
  const declaration = runtimeOf(policy).agentTool.declaration;
  const system = 'You are a coding agent.';
  const asked: ModelMessage[] = [...HISTORY, { role: 'user', content: ask }];
  const parentTurn = await generateText({ model, system, messages: asked, tools: sdkTools([declaration]) });
  const call = parentTurn.toolCalls[0]!;
  const withCall: ModelMessage[] = [
    ...asked,
    { role: 'assistant', content: [{ type: 'tool-call', toolCallId: call.toolCallId, toolName: call.toolName, input: call.input }] },
  ];
  const parent: ParentTranscript = {
    profile: { agentId: 'main', name: 'agent', systemInstruction: system, tools: [declaration], model: 'gpt-5', depth: 0 },
    messages: withCall.map((message, index) => ({ id: `m${index}`, message: message as never })),
  };
  const request = runtimeOf(policy).agentTool.requestFromCall(call.input as Record<string, unknown>, {}) as ForkRequest;
  const child = planFork(parent, mistake ? mistake(request) : request).child!;
  const childMessages = [...child.initialMessages, child.firstPrompt].map((message) => message.message as ModelMessage);
  await generateText({ model, system: child.systemInstruction, messages: childMessages, tools: sdkTools(child.tools) });
  // The parent goes on: its call answered, as the runtime answers it.
  await generateText({
    model,
    system,
    messages: [
      ...withCall,
      {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: call.toolCallId, toolName: call.toolName, output: { type: 'text', value: 'Fork started.' } }],
      },
    ],
    tools: sdkTools([declaration]),
  });
  const conversations = await Promise.all(store.list().map((capture) => readCapture(capture.id, capture.api, capture.requestBody)));
  return checkForks(conversations.filter((entry) => entry !== null));
}

describe('checking a runtime from its traffic', () => {
  it("passes a runtime that forks by Qwen Code's rules, naming the runtime it guessed", async () => {
    const findings = await runtimeThatForks('qwen-fork-turns', 'Call agent with subagent_type=fork fork_turns=all prompt: "What is the deploy password?"');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ runtime: 'qwen-fork-turns', guessed: true, verdict: 'matches', difference: null });
    expect(findings[0]!.sharedPrefixMessages).toBe(5);
  });

  it("passes a runtime that forks by Kimi Code's rules", async () => {
    const findings = await runtimeThatForks('kimi-fork', 'Call agent with fork=true prompt: "What is the deploy password?"');
    expect(findings).toMatchObject([{ runtime: 'kimi-fork', verdict: 'matches' }]);
  });

  it('flags a runtime that keeps one turn too many, at the first message it should not have sent', async () => {
    const oneMore = (request: ForkRequest) => ({ ...request, params: { ...request.params, fork_turns: '2' } }) as ForkRequest;
    const findings = await runtimeThatForks(
      'qwen-fork-turns',
      'Call agent with subagent_type=fork fork_turns=1 prompt: "What is the deploy password?"',
      oneMore,
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]!.verdict).toBe('differs');
    // With one turn the child starts at the parent's last prompt (message 4); with two it starts two prompts back.
    expect(findings[0]!.difference).toMatchObject({ at: 'messages[0].content' });
    expect(findings[0]!.expectedMessages).toBeLessThan(findings[0]!.actualMessages);
  });
});
