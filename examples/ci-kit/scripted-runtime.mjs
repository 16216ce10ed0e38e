// A scripted agent runtime, standing in for yours: it asks the model, and when the model calls its
// Agent tool with `subagent_type: "fork"` it forks the way Claude Code's fork subagent does — the
// child gets the parent's system prompt, tools and whole conversation, the call answered, and the
// directive under Claude Code's fork boilerplate — then tells the parent the result.
//
// `mistake` makes it fork wrongly, as a real change might:
//   'lost-tools'   the child is declared only the tools the runtime started with, not the one it
//                  added later in the session (Kimi Code's fork lost those in review)
//   'twice'        the parent is told the fork's result twice
// The runtime's own copy of Claude Code's framing, as a runtime carries its texts: never Fork Lab's,
// which is what it is checked against.
const FORK_BOILERPLATE = `<fork-boilerplate>
You are a worker fork. The transcript above is the parent's history — inherited reference, not your situation. You are NOT a continuation of that agent. Execute ONE directive, then stop.

Hard rules:
- Do NOT spawn subagents with the Agent tool. The "default to forking" guidance is for the parent; you ARE the fork, execute directly.
- One shot: report once and stop. No follow-up questions, no proposed next steps, no waiting for the user.

Guidelines (your directive may override any of these):
- Stay in scope. Other forks may be handling adjacent work; if you spot something outside your directive, note it in a sentence and move on.
- Open with one line restating your task, so the parent can spot scope drift at a glance.
- Be concise — as short as the answer allows, no shorter. Plain text, no preamble, no meta-commentary.
- If you committed changes, list the paths and commit hashes in your report.
</fork-boilerplate>`;

const AGENT_TOOL = {
  name: 'Agent',
  description: 'Launch a new agent. `subagent_type: "fork"` forks yourself: the fork inherits your full conversation.',
  input_schema: {
    type: 'object',
    properties: { description: { type: 'string' }, prompt: { type: 'string' }, subagent_type: { type: 'string' } },
    required: ['description', 'prompt'],
  },
};

const READ_TOOL = {
  name: 'Read',
  description: 'Read a file.',
  input_schema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
};

const text = (words) => [{ type: 'text', text: words }];
const SYSTEM = text('You are a coding agent.');
// The tools the session starts with, and the one it loads later (a plugin, an MCP server): from then on the parent holds both.
const STARTED = [AGENT_TOOL];
const TOOLS = [...STARTED, READ_TOOL];

/** One request to the Messages API at `baseUrl` (Anthropic's base URL: the SDKs add /v1). */
async function messages(baseUrl, body) {
  const response = await fetch(`${baseUrl}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'sk-ant-none', 'anthropic-version': '2023-06-01', 'user-agent': 'scripted-runtime/1.0.0' },
    body: JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 1024, system: SYSTEM, ...body }),
  });
  if (!response.ok) throw new Error(`the model answered ${response.status}: ${await response.text()}`);
  return response.json();
}

const firstText = (answer) => answer.content.find((part) => part.type === 'text')?.text ?? '';

/** A fork: everything the parent had up to the call, the call answered, then the directive. */
async function fork(baseUrl, conversation, call, mistake) {
  const child = await messages(baseUrl, {
    tools: mistake === 'lost-tools' ? STARTED : TOOLS,
    messages: [
      ...conversation,
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: call.id, content: 'Fork started — that fork is you.' },
          { type: 'text', text: `${FORK_BOILERPLATE}\n\nYour directive: ${call.input.prompt}` },
        ],
      },
    ],
  });
  return firstText(child);
}

/** Any other subagent starts fresh: its task alone, none of the parent's conversation. */
async function subagent(baseUrl, call) {
  const child = await messages(baseUrl, { tools: [READ_TOOL], messages: [{ role: 'user', content: text(call.input.prompt) }] });
  return firstText(child);
}

const notification = (call, result) => ({
  type: 'text',
  text: `<task-notification>\n<tool-use-id>${call.id}</tool-use-id>\n<status>completed</status>\n<result>${result}</result>\n</task-notification>`,
});

/**
 * One user turn: the prompt, then the model's steps until it answers without a tool call. An Agent
 * call is answered at once ("launched"), its result told to the parent as a notification naming
 * the call; every other tool is one this runtime does not run.
 */
export async function runtimeTurn({ baseUrl, history = [], prompt, mistake }) {
  const conversation = [...history, { role: 'user', content: text(prompt) }];
  for (let step = 0; step < 6; step++) {
    const answer = await messages(baseUrl, { tools: TOOLS, messages: conversation });
    conversation.push({ role: 'assistant', content: answer.content });
    const calls = answer.content.filter((part) => part.type === 'tool_use');
    if (calls.length === 0) break;
    const results = [];
    const notes = [];
    for (const call of calls) {
      if (call.name !== 'Agent') {
        results.push({ type: 'tool_result', tool_use_id: call.id, content: `${call.name} is not available here.`, is_error: true });
        continue;
      }
      const result = call.input.subagent_type === 'fork' ? await fork(baseUrl, conversation, call, mistake) : await subagent(baseUrl, call);
      results.push({ type: 'tool_result', tool_use_id: call.id, content: 'Async agent launched.' });
      notes.push(...(mistake === 'twice' ? [notification(call, result), notification(call, result)] : [notification(call, result)]));
    }
    conversation.push({ role: 'user', content: [...results, ...notes] });
  }
  return conversation;
}

/** A session with one fork: the runtime's whole life in a test. */
export async function runScriptedRuntime({ baseUrl, mistake }) {
  const first = await runtimeTurn({ baseUrl, prompt: 'The deploy password is swordfish-42.', mistake });
  await runtimeTurn({
    baseUrl,
    history: first,
    prompt: 'Call Agent with description=Recall subagent_type=fork prompt: "What is the deploy password?"',
    mistake,
  });
}
