import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBootstrapRecord, type ChildMessage, type ForkRequest, planFork } from '@/lib/fork';
import { parseScenario } from '@/lib/scenarios/scenario';
import { toolsFor } from './agent-tools';
import { ChildRuns } from './child-runs';
import { RunJournal } from './run-journal';
import { SandboxFiles } from './sandbox-files';

/** A local OpenAI-compatible server that records every request body and answers "done." */
let server: Server;
let baseURL: string;
const bodies: { messages: unknown[]; tools?: unknown[] }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      bodies.push(JSON.parse(body));
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      const chunk = (delta: object, finish: string | null = null) =>
        `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 0, model: 'recorder', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      response.end(`${chunk({ role: 'assistant', content: 'done.' })}${chunk({}, 'stop')}data: [DONE]\n\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The plan's messages in OpenAI Chat Completions shape, written independently of the SDK. */
function expectedChatMessages(system: string, messages: ChildMessage[]): unknown[] {
  const chat: unknown[] = [{ role: 'system', content: system }];
  for (const { message } of messages) {
    const parts =
      typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content as { type: string; [key: string]: unknown }[]);
    if (message.role === 'user') {
      chat.push({
        role: 'user',
        content: parts.length === 1 && parts[0]!.type === 'text' ? parts[0]!.text : parts.map((part) => ({ type: 'text', text: part.text })),
      });
    } else if (message.role === 'assistant') {
      const calls = parts.filter((part) => part.type === 'tool-call');
      const text = parts
        .filter((part) => part.type === 'text')
        .map((part) => part.text)
        .join('');
      // Chat Completions spells "no text beside the tool calls" as null.
      chat.push({
        role: 'assistant',
        content: text === '' && calls.length > 0 ? null : text,
        ...(calls.length > 0
          ? {
              tool_calls: calls.map((call) => ({
                id: call.toolCallId,
                type: 'function',
                function: { name: call.toolName, arguments: JSON.stringify(call.input) },
              })),
            }
          : {}),
      });
    } else if (message.role === 'tool') {
      for (const part of parts) {
        const output = part.output as { type: string; value: unknown };
        chat.push({ role: 'tool', tool_call_id: part.toolCallId, content: output.type === 'text' ? output.value : JSON.stringify(output.value) });
      }
    }
  }
  return chat;
}

const scenario = (id: string) => parseScenario(JSON.parse(readFileSync(path.join(process.cwd(), 'public', 'scenarios', `${id}.json`), 'utf8')));

const cases: [string, string, Partial<ForkRequest>][] = [
  [
    'qwen all, sibling forks redacted',
    'parallel-sibling-forks',
    { policy: 'qwen-fork-turns', params: { description: 'Fork', subagent_type: 'fork', fork_turns: 'all' } },
  ],
  ['qwen last turn with startup kept', 'startup-block', { policy: 'qwen-fork-turns', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '1' } }],
  [
    'kimi with a partially answered batch',
    'partial-parallel-batch',
    { policy: 'kimi-fork', params: { description: 'Fork', fork: true }, notice: 'system-reminder' },
  ],
  ['deepseek completed turns', 'mid-turn-fork', { policy: 'deepseek-completed-turns', params: {} }],
];

describe('the request a child sends is its plan, byte for byte', () => {
  it.each(cases)('%s', async (_label, scenarioId, overrides) => {
    const { transcript } = scenario(scenarioId);
    const request = { directive: 'Report what you inherited.', ...overrides } as ForkRequest;
    const plan = planFork(transcript, request);
    expect(plan.errors).toEqual([]);
    const bootstrap = buildBootstrapRecord(plan, { childId: 'child', parentAgentId: transcript.profile.agentId });
    const journal = new RunJournal(':memory:');
    const model = createOpenAICompatible({ name: 'recorder', baseURL }).chatModel('recorder');
    const runs = new ChildRuns({
      journal,
      model: () => model,
      tools: (_session, declarations) => toolsFor(declarations, new SandboxFiles()),
      redact: (text) => text,
    });
    bodies.length = 0;
    runs.launch({ runId: 'child', sessionId: 's', name: 'child', modelId: 'recorder', bootstrap });
    await runs.settled('child');
    expect(journal.getRun('child')).toMatchObject({ status: 'finished', finalOutput: 'done.' });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.tools).toEqual(
      plan.child!.tools.map((tool) => ({
        type: 'function',
        function: { name: tool.name, description: tool.description, parameters: tool.inputSchema ?? { type: 'object', properties: {} } },
      })),
    );
    expect(bodies[0]!.messages).toEqual(expectedChatMessages(plan.child!.systemInstruction, [...plan.child!.initialMessages, plan.child!.firstPrompt]));
  });
});
