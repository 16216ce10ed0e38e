import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, jsonSchema, type ModelMessage, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { pointedAtForkLab } from './testing/pointed-at-fork-lab';

const HISTORY: ModelMessage[] = [
  { role: 'user', content: 'The release tag is v2.14.3.' },
  { role: 'assistant', content: 'Noted.' },
  { role: 'user', content: 'What is the release tag?' },
];

const agent = tool({
  description: 'Start a subagent.',
  inputSchema: jsonSchema<{ prompt: string; fork_turns?: string }>({
    type: 'object',
    properties: { prompt: { type: 'string' }, fork_turns: { type: 'string' } },
    required: ['prompt'],
  }),
});

describe('the endpoint answers with the offline model when no upstream is set', () => {
  it('answers an OpenAI Chat request, plain and streamed, and keeps both', async () => {
    const { store, fetch } = pointedAtForkLab();
    const openai = createOpenAI({ baseURL: 'http://127.0.0.1:3000/v1', apiKey: 'sk-none', fetch });
    const plain = await generateText({ model: openai.chat('gpt-5'), messages: HISTORY });
    expect(plain.text).toContain('v2.14.3');
    const streamed = streamText({ model: openai.chat('gpt-5'), messages: HISTORY });
    expect(await streamed.text).toBe(plain.text);
    const captures = store.list();
    expect(captures).toHaveLength(2);
    expect(captures.every((capture) => capture.status === 200 && capture.api === 'openai-chat')).toBe(true);
    expect(captures[0]!.responseBody).toContain('data: [DONE]');
  });

  it("calls the runtime's Agent tool as asked, in each API's shape, so a runtime can fork through Fork Lab", async () => {
    const { fetch } = pointedAtForkLab();
    const ask = 'Call agent with fork_turns=all prompt: "Check the tests."';
    const openai = createOpenAI({ baseURL: 'http://127.0.0.1:3000/v1', apiKey: 'sk-none', fetch });
    const anthropic = createAnthropic({ baseURL: 'http://127.0.0.1:3000/v1', apiKey: 'sk-ant-none', fetch });
    for (const model of [openai.chat('gpt-5'), anthropic('claude-sonnet-4-5')]) {
      for (const streamed of [false, true]) {
        const calls = streamed
          ? await streamText({ model, prompt: ask, tools: { agent } }).toolCalls
          : (await generateText({ model, prompt: ask, tools: { agent } })).toolCalls;
        expect(calls.map((call) => [call.toolName, call.input])).toEqual([['agent', { fork_turns: 'all', prompt: 'Check the tests.' }]]);
      }
    }
  });

  it('answers an Anthropic request in its shape, text plain and streamed', async () => {
    const { store, fetch } = pointedAtForkLab();
    const anthropic = createAnthropic({ baseURL: 'http://127.0.0.1:3000/v1', apiKey: 'sk-ant-none', fetch });
    const plain = await generateText({
      model: anthropic('claude-sonnet-4-5'),
      system: 'Be brief.',
      prompt: 'The build number is 4417. What is the build number?',
    });
    expect(plain.text).toContain('4417');
    expect(
      await streamText({ model: anthropic('claude-sonnet-4-5'), system: 'Be brief.', prompt: 'The build number is 4417. What is the build number?' }).text,
    ).toBe(plain.text);
    expect(store.list().map((capture) => capture.api)).toEqual(['anthropic-messages', 'anthropic-messages']);
  });

  it('answers a Responses request in its shape, text and the Agent call, plain and streamed', async () => {
    const { store, fetch } = pointedAtForkLab();
    const openai = createOpenAI({ baseURL: 'http://127.0.0.1:3000/v1', apiKey: 'sk-none', fetch });
    const plain = await generateText({ model: openai.responses('gpt-5'), messages: HISTORY });
    expect(plain.text).toContain('v2.14.3');
    expect(await streamText({ model: openai.responses('gpt-5'), messages: HISTORY }).text).toBe(plain.text);
    const ask = 'Call agent with fork_turns=all prompt: "Check the tests."';
    for (const streamed of [false, true]) {
      const calls = streamed
        ? await streamText({ model: openai.responses('gpt-5'), prompt: ask, tools: { agent } }).toolCalls
        : (await generateText({ model: openai.responses('gpt-5'), prompt: ask, tools: { agent } })).toolCalls;
      expect(calls.map((call) => [call.toolName, call.input])).toEqual([['agent', { fork_turns: 'all', prompt: 'Check the tests.' }]]);
    }
    expect(new Set(store.list().map((capture) => capture.api))).toEqual(new Set(['openai-responses']));
  });

  it("refuses a body it cannot read as the API's request, in the API's error shape", async () => {
    const { fetch, store } = pointedAtForkLab();
    const response = await fetch('http://127.0.0.1:3000/v1/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"model":"x","messages":"none"}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    expect(store.list()[0]).toMatchObject({ status: 400 });
  });

  it('refuses a conversation with a tool call left unanswered as the provider would, a 400 that names the call, not a server error', async () => {
    const { fetch, store } = pointedAtForkLab();
    const body = {
      model: 'claude-sonnet-4-5',
      max_tokens: 100,
      messages: [
        { role: 'user', content: 'Fork twice.' },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'c1', name: 'Agent', input: { prompt: 'a' } },
            { type: 'tool_use', id: 'c2', name: 'Agent', input: { prompt: 'b' } },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: 'started' }] },
      ],
    };
    const response = await fetch('http://127.0.0.1:3000/v1/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: "Fork Lab's offline model cannot answer this conversation: Tool result is missing for tool call c2." },
    });
    expect(store.list()[0]).toMatchObject({ status: 400 });
  });
});

describe('offline stream shapes', () => {
  it('sends the usage chunk only when the request asks for it', async () => {
    const { fetch } = pointedAtForkLab();
    const ask = async (body: Record<string, unknown>) =>
      (
        await (
          await fetch('http://127.0.0.1:3000/v1/chat/completions', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ model: 'gpt-5', stream: true, messages: [{ role: 'user', content: 'hi' }], ...body }),
          })
        ).text()
      )
        .split('\n\n')
        .filter((event) => event.startsWith('data: {'))
        .map((event) => JSON.parse(event.slice(6)) as { choices: unknown[] });
    expect((await ask({})).every((chunk) => chunk.choices.length === 1)).toBe(true);
    expect((await ask({ stream_options: { include_usage: true } })).at(-1)!.choices).toEqual([]);
  });

  it('frames Responses text in a content part, as the OpenAI SDK accumulates it', async () => {
    const { fetch } = pointedAtForkLab();
    const events = (
      await (
        await fetch('http://127.0.0.1:3000/v1/responses', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'gpt-5', stream: true, input: 'hi' }),
        })
      ).text()
    )
      .split('\n\n')
      .flatMap((event) =>
        event
          .split('\n')
          .filter((line) => line.startsWith('event: '))
          .map((line) => line.slice(7)),
      );
    expect(events).toEqual([
      'response.created',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
  });
});

describe('a Responses request whose tools sit in a namespace (Codex 0.169 declares spawn_agent in `collaboration`)', () => {
  const body = (input: unknown[]) => ({
    model: 'fork-lab-offline',
    input,
    tools: [
      { type: 'function', name: 'exec_command', description: 'Run a command', parameters: { type: 'object', properties: { cmd: { type: 'string' } } } },
      {
        type: 'namespace',
        name: 'collaboration',
        description: 'Tools for spawning and managing sub-agents.',
        tools: [
          {
            type: 'function',
            name: 'spawn_agent',
            description: 'Spawn an agent.',
            strict: false,
            parameters: {
              type: 'object',
              properties: { task_name: { type: 'string' }, message: { type: 'string', encrypted: true } },
              required: ['task_name', 'message'],
            },
          },
        ],
      },
    ],
  });

  it('calls the namespaced tool by its own name with the namespace beside it, as Codex requires', async () => {
    const { fetch } = pointedAtForkLab();
    const ask = {
      type: 'message',
      role: 'user',
      content: [{ type: 'input_text', text: 'Call spawn_agent with task_name=notes message="Say what notes.txt holds"' }],
    };
    const response = await fetch('http://127.0.0.1:3000/v1/responses', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body([ask])),
    });
    const answer = (await response.json()) as { output: Record<string, unknown>[] };
    expect(answer.output).toEqual([
      expect.objectContaining({
        type: 'function_call',
        name: 'spawn_agent',
        namespace: 'collaboration',
        arguments: '{"task_name":"notes","message":"Say what notes.txt holds"}',
      }),
    ]);
    // Codex sends the call back with its namespace: read, then reported on from its result.
    const call = { ...answer.output[0]!, id: 'fc_1' };
    const output = { type: 'function_call_output', call_id: answer.output[0]!.call_id, output: '{"task_name":"/root/notes"}' };
    const next = await fetch('http://127.0.0.1:3000/v1/responses', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body([ask, call, output])),
    });
    expect(next.status).toBe(200);
    expect(JSON.stringify(await next.json())).toContain('spawn_agent returned {\\"task_name\\":\\"/root/notes\\"}');
  });
});
