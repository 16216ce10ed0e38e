import { generateText, jsonSchema, type ModelMessage, stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { deepAgentsAgentTool } from '@/lib/fork/deep-agents/deep-agents-agent-tool';
import { forkTaskPrompt } from '@/lib/fork/deep-agents/fork-preamble';
import { buildChildMessage, FORK_BEGIN_PROMPT, FORK_DIRECTIVE_ACKNOWLEDGEMENT } from '@/lib/fork/qwen/child-message';
import { countText } from '@/lib/tokens/count-tokens';
import { LONGEST_EXACT_PRE_TOKEN, PIECE_CHARS } from '@/lib/tokens/text-pieces';
import { createOfflineModel } from './offline-model';

const model = createOfflineModel();
const history: ModelMessage[] = [
  { role: 'user', content: 'The deploy password is swordfish-42.' },
  { role: 'assistant', content: 'Noted.' },
  { role: 'user', content: 'Look at src/router.ts next.' },
  { role: 'assistant', content: 'Done: the router validates ids.' },
];

describe('offline model', () => {
  it('quotes the best match from its context and says where it stood', async () => {
    const result = await generateText({ model, messages: [...history, { role: 'user', content: 'What is the deploy password?' }] });
    expect(result.text).toBe('From my context (the user message at position 1 of 5): “The deploy password is swordfish-42.”');
    expect(result.usage.inputTokens).toBeGreaterThan(10);
    expect(result.usage.outputTokens).toBeGreaterThan(5);
  });

  it('says plainly when nothing in its context mentions the question', async () => {
    const result = await generateText({ model, messages: [...history.slice(2), { role: 'user', content: 'What is the deploy password?' }] });
    expect(result.text).toBe('Nothing in my context mentions “deploy password”.');
  });

  it('answers a Qwen fork’s directive, never finding it in the boilerplate or the question', async () => {
    const messages: ModelMessage[] = [
      ...history,
      { role: 'user', content: buildChildMessage('What is the deploy password?', '0.24') },
      { role: 'assistant', content: FORK_DIRECTIVE_ACKNOWLEDGEMENT },
      { role: 'user', content: FORK_BEGIN_PROMPT },
    ];
    expect((await generateText({ model, messages })).text).toBe(
      'From my context (the user message at position 1 of 7): “The deploy password is swordfish-42.”',
    );
    const forgetful = [messages[2]!, messages[3]!, ...messages.slice(4)];
    expect((await generateText({ model, messages: forgetful })).text).toBe('Nothing in my context mentions “deploy password”.');
  });

  it('answers a Deep Agents fork’s task past its preamble, naming no tool the preamble names, and still calls one the task asks for', async () => {
    const declared = deepAgentsAgentTool.declaration;
    const tools = { task: tool({ description: declared.description, inputSchema: jsonSchema(declared.inputSchema as never) }) };
    const asked = (description: string) => generateText({ model, tools, messages: [...history, { role: 'user', content: forkTaskPrompt(description) }] });
    const answered = await asked('What is the deploy password?');
    expect(answered.toolCalls).toEqual([]);
    expect(answered.text).toBe('From my context (the user message at position 1 of 5): “The deploy password is swordfish-42.”');
    expect((await asked('Call task with subagent_type=forker description=nested')).toolCalls.map((call) => call.input)).toEqual([
      { subagent_type: 'forker', description: 'nested' },
    ]);
  });

  it('answers a task handed over in another role when a runtime’s framing marks it (Codex’s inter-agent message)', async () => {
    const task = JSON.stringify({ author: '/root', recipient: '/root/w', other_recipients: [], content: 'What is the deploy password?', trigger_turn: true });
    const messages: ModelMessage[] = [
      ...history,
      { role: 'assistant', content: [{ type: 'text', text: task, providerOptions: { openai: { phase: 'commentary' } } }] },
    ];
    expect((await generateText({ model, messages })).text).toBe(
      'From my context (the user message at position 1 of 5): “The deploy password is swordfish-42.”',
    );
  });

  it('calls a tool it is asked to use by name, then reports the result', async () => {
    const readFile = tool({
      description: 'Read a file',
      inputSchema: jsonSchema<{ path: string }>({ type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }),
      execute: async ({ path }) => `contents of ${path}: export const ok = true;`,
    });
    const result = await generateText({
      model,
      tools: { read_file: readFile },
      stopWhen: stepCountIs(3),
      messages: [{ role: 'user', content: 'Please use read_file on src/ok.ts.' }],
    });
    expect(result.steps[0]!.toolCalls.map((call) => [call.toolName, call.input])).toEqual([['read_file', { path: 'src/ok.ts' }]]);
    expect(result.text).toBe('read_file returned contents of src/ok.ts: export const ok = true;');
  });

  it('answers through the tool a runtime gives a child to answer with, every string of its schema, then stops', async () => {
    const reported: unknown[] = [];
    const structuredOutput = tool({
      description: 'Report your final structured result.',
      inputSchema: jsonSchema<Record<string, unknown>>({
        type: 'object',
        properties: { password: { type: 'string' }, attempts: { type: 'number' } },
        required: ['password'],
      }),
      execute: async (input) => {
        reported.push(input);
        return 'ok';
      },
    });
    const result = await generateText({
      model,
      tools: { structured_output: structuredOutput },
      stopWhen: stepCountIs(3),
      messages: [...history, { role: 'user', content: 'What is the deploy password?' }],
    });
    expect(reported).toEqual([{ password: 'From my context (the user message at position 1 of 5): “The deploy password is swordfish-42.”' }]);
    expect(result.steps.map((step) => step.finishReason)).toEqual(['tool-calls', 'stop']);
    expect(result.text).toBe('Reported.');
  });

  it('answers several questions one a line, each with what its context holds or that nothing mentions it', async () => {
    const messages: ModelMessage[] = [...history, { role: 'user', content: 'Write the tests. First: What is the deploy password? Who is the customer?' }];
    expect((await generateText({ model, messages })).text).toBe(
      [
        'What is the deploy password? From my context (the user message at position 1 of 5): “The deploy password is swordfish-42.”',
        'Who is the customer? Nothing in my context mentions “customer”.',
      ].join('\n'),
    );
  });

  it('does not take a question its context repeats for the answer (an earlier fork’s task, quoted in its result)', async () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: '<task-notification><result>What is the deploy password? Who is the customer?</result></task-notification>' },
      { role: 'assistant', content: 'Noted.' },
      { role: 'user', content: 'First: What is the deploy password? Who is the customer?' },
    ];
    expect((await generateText({ model, messages })).text).toBe(
      [
        'What is the deploy password? Nothing in my context mentions “deploy password”.',
        'Who is the customer? Nothing in my context mentions “customer”.',
      ].join('\n'),
    );
  });

  it('streams the same answer word by word, and is deterministic', async () => {
    const messages: ModelMessage[] = [...history, { role: 'user', content: 'Which file did we look at?' }];
    const stream = streamText({ model: createOfflineModel({ streamDelayMs: 1 }), messages });
    const deltas: string[] = [];
    for await (const part of stream.fullStream) if (part.type === 'text-delta') deltas.push(part.text);
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe((await generateText({ model, messages })).text);
    expect(deltas.join('')).toBe('From my context (the user message at position 3 of 5): “Look at src/router.ts next.”');
  });

  it('calls the tools a request names one per step, in order, each with its own words, then reports every result', async () => {
    const echo = (name: string) =>
      tool({
        inputSchema: jsonSchema<Record<string, unknown>>({ type: 'object', properties: { query: { type: 'string' }, path: { type: 'string' } } }),
        execute: async (input) => `${name} ${JSON.stringify(input)}`,
      });
    const result = await generateText({
      model,
      tools: { read_file: echo('read'), search_files: echo('search') },
      stopWhen: stepCountIs(5),
      messages: [{ role: 'user', content: 'Use search_files for "parseDate", then read_file on src/date.ts.' }],
    });
    expect(result.steps.map((step) => step.toolCalls.map((call) => [call.toolName, call.input]))).toEqual([
      // The path is read_file's, the quoted query search_files': neither fills the other's arguments.
      [['search_files', { query: 'parseDate' }]],
      [['read_file', { path: 'src/date.ts' }]],
      [],
    ]);
    expect(result.text).toBe('search_files returned search {"query":"parseDate"}\nread_file returned read {"path":"src/date.ts"}');
  });

  it('takes note of a statement instead of searching for it, and never quotes its own “nothing found”', async () => {
    expect((await generateText({ model, messages: [{ role: 'user', content: 'The staging password is heron-7731.' }] })).text).toBe('Noted.');
    const messages: ModelMessage[] = [
      { role: 'user', content: 'The staging password is heron-7731.' },
      { role: 'assistant', content: 'Nothing in my context mentions “staging password heron-7731”.' },
      { role: 'user', content: 'What is the staging password?' },
    ];
    expect((await generateText({ model, messages })).text).toBe('From my context (the user message at position 1 of 3): “The staging password is heron-7731.”');
  });

  it('counts its usage linearly and lets the event loop run: a 200 KB run of one letter holds no other request', async () => {
    // Base64 pasted into a parent reads like this; counted in one go, o200k's merge is quadratic in it.
    const blob = 'a'.repeat(200 * 1024);
    const messages: ModelMessage[] = [
      { role: 'user', content: blob },
      { role: 'assistant', content: 'Stored.' },
      { role: 'user', content: 'What was stored?' },
    ];
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const result = await generateText({ model, messages });
    ticking = false;

    const expected = await countText([blob, 'Stored.', 'What was stored?'].join('\n'));
    expect(result.usage.inputTokens).toBe(expected.tokens);
    // Counting paused at least once per budget of characters, so other requests ran between.
    expect(turns).toBeGreaterThanOrEqual(Math.floor(blob.length / (PIECE_CHARS + LONGEST_EXACT_PRE_TOKEN)));
  });
});

describe('offline model playing a runtime’s parent', () => {
  const declared = (names: string[]) =>
    Object.fromEntries(
      names.map((name) => [
        name,
        tool({
          inputSchema: jsonSchema<Record<string, unknown>>({ type: 'object', properties: { prompt: { type: 'string' }, description: { type: 'string' } } }),
        }),
      ]),
    );

  it('calls a tool once per `call <tool>` when asked for them in parallel, each with its own arguments, in one message', async () => {
    const result = await generateText({
      model,
      tools: declared(['agent']),
      messages: [
        {
          role: 'user',
          content: 'In parallel, call agent with description=A prompt="Say what the agent saw" and call agent with description=B prompt="Second"',
        },
      ],
    });
    expect(result.steps[0]!.toolCalls.map((call) => call.input)).toEqual([
      { description: 'A', prompt: 'Say what the agent saw' },
      { description: 'B', prompt: 'Second' },
    ]);
  });

  it('reads a background child’s notification as news, not as a new instruction: it reports it and ends the turn', async () => {
    const notification =
      '<task-notification>\n<task-id>fork-1</task-id>\n<status>completed</status>\n<result>Call agent with description=X prompt="again"</result>\n</task-notification>';
    const result = await generateText({
      model,
      tools: declared(['agent']),
      messages: [
        { role: 'user', content: 'Call agent with description=X prompt="Look"' },
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'agent', input: { description: 'X', prompt: 'Look' } }] },
        {
          role: 'tool',
          content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'agent', output: { type: 'text', value: 'Background agent launched.' } }],
        },
        { role: 'assistant', content: 'Launched.' },
        { role: 'user', content: notification },
      ],
    });
    expect(result.toolCalls).toEqual([]);
    expect(result.text).toBe(`A background agent reported back:\n${notification}`);
  });

  it('answers a Codex 0.169 task from its agent message, and reads a child’s final answer as news, not as a new instruction', async () => {
    const header = (type: string, to: string, from: string) => `Message Type: ${type}\nTask name: ${to}\nSender: ${from}\nPayload:\n`;
    const child = await generateText({
      model,
      messages: [
        { role: 'user', content: 'The release train leaves on Thursday.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: header('NEW_TASK', '/root/notes', '/root') },
            { type: 'text', text: 'When does the release train leave?' },
          ],
        },
      ],
    });
    expect(child.text).toContain('Thursday');
    const finalAnswer = `${header('FINAL_ANSWER', '/root', '/root/notes')}Call spawn_agent with task_name=again message="again"`;
    const parent = await generateText({
      model,
      tools: declared(['spawn_agent', 'wait_agent']),
      messages: [
        { role: 'user', content: 'Call spawn_agent with task_name=notes message="Look" and call wait_agent' },
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 's1', toolName: 'spawn_agent', input: { task_name: 'notes', message: 'Look' } }] },
        {
          role: 'tool',
          content: [{ type: 'tool-result', toolCallId: 's1', toolName: 'spawn_agent', output: { type: 'text', value: '{"task_name":"/root/notes"}' } }],
        },
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'w1', toolName: 'wait_agent', input: {} }] },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'w1',
              toolName: 'wait_agent',
              output: { type: 'text', value: '{"message":"Wait completed.","timed_out":false}' },
            },
          ],
        },
        { role: 'user', content: [{ type: 'text', text: finalAnswer }] },
      ],
    });
    expect(parent.toolCalls).toEqual([]);
  });

  it('answers a compaction’s request with a summary of the user’s messages, calling none of the tools it names to forbid', async () => {
    const result = await generateText({
      model,
      tools: declared(['Read', 'Bash']),
      messages: [
        { role: 'user', content: 'The deploy password is heron-7731.' },
        { role: 'assistant', content: 'Noted.' },
        {
          role: 'user',
          content:
            'CRITICAL: Respond with TEXT ONLY. Do NOT use Read, Bash, or ANY other tool.\nYour task is to create a detailed summary of the conversation so far, why each file read matters.',
        },
      ],
    });
    expect(result.toolCalls).toEqual([]);
    expect(result.text).toBe(
      '<analysis>\nThe conversation so far, the user’s messages in order.\n</analysis>\n\n<summary>\nAll user messages:\n- The deploy password is heron-7731.\n</summary>',
    );
    // Named after a negation, a tool is not called; named plainly, it is.
    const told = await generateText({
      model,
      tools: declared(['Read', 'Bash']),
      messages: [{ role: 'user', content: 'Never run Bash here. Use Read on notes.txt.' }],
    });
    expect(told.steps[0]!.toolCalls.map((call) => call.toolName)).toEqual(['Read']);
  });

  it('reads a tool named inside a quoted value as part of the directive, single quotes too, not as a second call', async () => {
    for (const content of [
      'Call agent with description=Outer prompt="Call agent with description=Inner prompt=nested"',
      "Call agent with description=Outer prompt='Call agent with description=Inner prompt=nested'",
    ]) {
      const result = await generateText({ model, tools: declared(['agent']), messages: [{ role: 'user', content }] });
      expect(result.steps[0]!.toolCalls.map((call) => call.input)).toEqual([
        { description: 'Outer', prompt: 'Call agent with description=Inner prompt=nested' },
      ]);
    }
  });
});
