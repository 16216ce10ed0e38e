// Fork Lab's multi-turn stand-in for @deepseek-ai/dsh-headless's runner (dsh 0.1.0-rc.8).
// Same steps as the shipped runner (lib/index.js `run`): one Agent from the core registry on the
// default model selection, each turn a followup + whenIdle, then flush. Differences: the task
// (the headless positional) may be a JSON array of turns; a turn is a user prompt (string) or
// {"fork": {...}}: a programmatic ctx.subagents.start('fork', ...) between turns (how a workflow
// worker starts a fork; the only way to pass outputSchema), printed as JSON; or {"wait": ms}: sleep,
// then wait for the agent to be idle again (a background child's settlement notice is a new turn).
import { randomUUID } from 'node:crypto';
import { installModelSelection } from '@deepseek-ai/dsh-agent';
import { createUserMessage } from '@deepseek-ai/dsh-llm';
import { SessionId } from '@deepseek-ai/dsh-session';

export const name = 'forklab-runner';
export const inject = ['agentDefaultModel', 'agents', 'sessions', 'subagents'];

function turnsOf(task) {
  try {
    const parsed = JSON.parse(task);
    if (Array.isArray(parsed)) return parsed;
  } catch {}
  return [task];
}

function lastText(events, firstSeq) {
  let text = '';
  let reason;
  for (const event of events) {
    if (event.seq < firstSeq) continue;
    if (event.type === 'assistant/message') {
      const joined = event.data.message.content
        .filter((b) => b.type === 'text')
        .map((b) => b.text)
        .join('');
      if (joined !== '') text = joined;
    }
    if (event.type === 'turn/end') reason = event.data.reason;
  }
  return { text, reason };
}

async function run(ctx, task, exit) {
  await ctx.get('loader')?.await();
  const agents = ctx.get('agents');
  const selection = ctx.get('agentDefaultModel').currentSelection();
  const sessions = ctx.get('sessions');
  const { agent } = await agents.create({
    sessionId: SessionId(`session-${randomUUID()}`),
    meta: { cwd: process.cwd() },
    agentOptions: { provider: selection.provider, model: selection.model },
    setup: (agentCtx) => {
      installModelSelection(agentCtx, { current: selection, assembled: undefined });
    },
  });
  await agent.whenIdle();
  let ok = true;
  for (const turn of turnsOf(task)) {
    if (typeof turn === 'string') {
      const firstSeq = agent.session.seq;
      agent.followup(createUserMessage({ content: [{ type: 'text', text: turn }], source: { kind: 'user' } }));
      await agent.whenIdle();
      const out = lastText(agent.session.events, firstSeq);
      process.stdout.write(`[turn] ${out.reason?.kind}: ${out.text}\n`);
      if (out.reason?.kind !== 'completed') ok = false;
    } else if (turn && typeof turn === 'object' && typeof turn.wait === 'number') {
      // Let background work (a continuable child, a background job) settle and its notice run.
      const firstSeq = agent.session.seq;
      await new Promise((resolve) => setTimeout(resolve, turn.wait));
      await agent.whenIdle();
      const out = lastText(agent.session.events, firstSeq);
      process.stdout.write(`[wait] ${out.reason?.kind}: ${out.text}\n`);
    } else if (turn && typeof turn === 'object' && turn.fork) {
      const f = turn.fork;
      const request = {
        label: f.label ?? 'fork',
        prompt: [{ type: 'text', text: f.prompt }],
        parent: agent,
        signal: new AbortController().signal,
        ...(f.outputSchema !== undefined ? { outputSchema: f.outputSchema } : {}),
        ...(f.persona !== undefined ? { persona: f.persona } : {}),
        ...(f.toolFilter !== undefined ? { toolFilter: f.toolFilter } : {}),
        ...(f.maxDepth !== undefined ? { maxDepth: f.maxDepth } : {}),
      };
      try {
        const run = await ctx.subagents.start(f.provider ?? 'fork', request);
        const result = await run.result;
        await run.dispose();
        process.stdout.write(`[fork] ${JSON.stringify(result)}\n`);
      } catch (error) {
        process.stdout.write(`[fork-error] ${error instanceof Error ? error.message : String(error)}\n`);
      }
    }
  }
  await sessions.flush(agent.session);
  exit(ok ? 0 : 1);
}

export function apply(ctx) {
  const exit = ctx.get('appExit');
  const task = ctx.get('headlessStartup').task;
  run(ctx, task, exit).catch((error) => {
    process.stderr.write(`forklab-runner: ${error?.stack ?? error}\n`);
    exit(1);
  });
}
