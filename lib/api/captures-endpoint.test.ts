import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '@/lib/fork';
import { httpErrorBodySchema } from '@/lib/http/http-error';
import { importTranscript } from '@/lib/import/import-transcript';
import { readCapture } from '@/lib/recording/captured-conversation';
import { NOT_IN_THE_RULES } from '@/lib/recording/captured-sources';
import { runtimeThatForks } from '@/lib/recording/testing/runtime-that-forks';
import { captureBodyHandler, capturedForkHandler, capturedForkWhatIfHandler, capturesListHandler } from './captures-endpoint';

const ASK = 'Call agent with fork=true description=Notes prompt: "What is the deploy password?"';

describe('GET /api/captures', () => {
  it("lists a runtime's traffic as sessions and checks the fork in it", async () => {
    const store = await runtimeThatForks('kimi-fork', ASK);
    const response = await capturesListHandler(() => store)(new Request('http://127.0.0.1/api/captures'));
    const answer = await response.json();
    expect(answer.captures.map((capture: { id: number; status: number }) => [capture.id, capture.status])).toEqual([
      [3, 200],
      [2, 200],
      [1, 200],
    ]);
    // The parent's two requests are one conversation; the child diverges from it.
    expect(answer.sessions.map((session: { captureIds: number[] }) => session.captureIds)).toEqual([[1, 3], [2]]);
    expect(answer.forks).toMatchObject([{ parentId: 3, childId: 2, runtime: 'kimi-fork', guessed: true, verdict: 'matches' }]);
  });

  it('gives each session what its answers reported and what that cost: the parent and the forked child apart', async () => {
    const store = await runtimeThatForks('kimi-fork', ASK);
    // The offline model's answers carry no cache figures.
    const offline = await (await capturesListHandler(() => store)(new Request('http://127.0.0.1/api/captures'))).json();
    expect(offline.sessions.map((session: { cost: { reported: number; requests: number } }) => [session.cost.reported, session.cost.requests])).toEqual([
      [0, 2],
      [0, 1],
    ]);
    // A session forwarded to Anthropic: its answer's usage, at Sonnet 4's prices.
    const id = store.begin({
      api: 'anthropic-messages',
      sessionKey: 'forwarded',
      requestBody: JSON.stringify({ model: 'claude-sonnet-4-20250514', messages: [{ role: 'user', content: 'Go on.' }] }),
      requestHeaders: {},
    });
    const usage = { input_tokens: 12, cache_read_input_tokens: 2000, cache_creation_input_tokens: 100, output_tokens: 5 };
    store.finish(id, { status: 200, responseBody: JSON.stringify({ usage }), responseTruncated: false, responseHeaders: null, error: null });
    const answer = await (await capturesListHandler(() => store)(new Request('http://127.0.0.1/api/captures'))).json();
    const forwarded = answer.sessions.find((session: { key: string | null }) => session.key === 'forwarded');
    expect(forwarded.cost).toEqual({
      requests: 1,
      reported: 1,
      cachedTokens: 2000,
      writtenTokens: 100,
      uncachedTokens: 12,
      cost: { dollars: (2000 * 0.3 + 100 * 3.75 + 12 * 3) / 1_000_000, complete: true, missing: [] },
    });
  });

  it('checks by a named runtime, and refuses one that is not a runtime', async () => {
    const store = await runtimeThatForks('kimi-fork', ASK);
    const named = await (await capturesListHandler(() => store)(new Request('http://127.0.0.1/api/captures?runtime=kimi-fork'))).json();
    expect(named.forks).toMatchObject([{ runtime: 'kimi-fork', guessed: false }]);
    const bad = await capturesListHandler(() => store)(new Request('http://127.0.0.1/api/captures?runtime=nope'));
    expect(bad.status).toBe(400);
    expect(httpErrorBodySchema.parse(await bad.json()).error.issues?.[0]?.path).toBe('runtime');
  });

  it('refuses a started list that is not a JSON array of tasks, saying what it takes', async () => {
    const store = await runtimeThatForks('kimi-fork', ASK);
    const asked = async (started: string) => {
      const response = await capturesListHandler(() => store)(new Request(`http://127.0.0.1/api/captures?started=${encodeURIComponent(started)}`));
      return { status: response.status, body: await response.json() };
    };
    expect((await asked('["What is the deploy password?"]')).status).toBe(200);
    for (const [started, message] of [
      ['{', 'started: not JSON.'],
      ['"a task"', 'started: a JSON array of the tasks (non-empty strings) a program started forks with.'],
      ['["  "]', 'started: a JSON array of the tasks (non-empty strings) a program started forks with.'],
      [JSON.stringify(Array.from({ length: 21 }, (_, at) => `task ${at}`)), 'started: at most 20 tasks; got 21.'],
      [JSON.stringify(['x'.repeat(5000)]), 'started: task 1 is 5,000 characters; at most 4,096.'],
    ] as const) {
      const { status, body } = await asked(started);
      expect([status, httpErrorBodySchema.parse(body).error.message, body.error.issues[0].path]).toEqual([400, message, 'started']);
    }
  });

  it('serves a captured body by id, and 404 for any other id', async () => {
    const store = await runtimeThatForks('kimi-fork', ASK);
    const body = await captureBodyHandler(() => store)(new Request('http://127.0.0.1/api/captures/2'), '2');
    expect(body.headers.get('content-disposition')).toBe('attachment; filename="capture-2.openai-chat.json"');
    expect(JSON.parse(await body.text())).toHaveProperty('messages');
    for (const id of ['99', 'x', '0', '1e3']) expect((await captureBodyHandler(() => store)(new Request('http://127.0.0.1/'), id)).status).toBe(404);
  });

  it('serves the fork that started a captured child as a bundle that imports with the child as the runtime sent it', async () => {
    const store = await runtimeThatForks('kimi-fork', ASK);
    const response = await capturedForkHandler(() => store)(new Request('http://127.0.0.1/api/captures/2/fork'), '2');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="capture-fork-3-2.fork-lab.json"');
    const body = await response.text();
    const imported = await importTranscript(body, { format: 'fork-lab-bundle' });
    // The parent up to its call: the ask, and the assistant message that made the call.
    expect(imported.transcript.messages.at(-1)!.message.role).toBe('assistant');
    expect(imported.request).toMatchObject({ policy: 'kimi-fork', directive: 'What is the deploy password?' });
    expect(imported.report.entries.filter((entry) => entry.action === 'flagged')).toEqual([]);
    const [child] = imported.children!;
    const sent = (await readCapture(2, 'openai-chat', store.get(2)!.requestBody))!.transcript.messages.map((entry) => entry.message);
    expect([...child!.plan.child!.initialMessages, child!.plan.child!.firstPrompt].map((entry) => entry.message)).toEqual(sent);
    // Kimi's child matches its rules: the parent's whole history, then the three messages 2.1 writes.
    const sources = [...child!.plan.child!.initialMessages, child!.plan.child!.firstPrompt].map(({ source }) =>
      source.kind === 'copy' ? source.parentIndexes : source.rule,
    );
    expect(sources).toEqual([[0], [1], [2], [3], [4], [5], 'open-call-closed', 'inheritance-notice', 'task-prompt']);
    expect(child).toMatchObject({ name: 'captured #2 (matches)', status: 'planned' });
  });

  it('prices a captured fork with the runtime’s other windows, against the one it sent', async () => {
    const store = await runtimeThatForks(
      'qwen-fork-turns',
      'Call agent with description=Recall subagent_type=fork fork_turns=1 prompt: "What is the deploy password?"',
    );
    const response = await capturedForkWhatIfHandler(() => store)(new Request('http://127.0.0.1/api/captures/2/what-if'), '2');
    const { whatIf } = await response.json();
    // The runtime spoke Chat Completions as gpt-5: priced as OpenAI's gpt-5.
    expect(whatIf.field).toBe('fork_turns');
    expect(whatIf.target).toEqual({ provider: 'openai', model: 'gpt-5' });
    expect(whatIf.windows.map((window: { window: string; sent: boolean }) => [window.window, window.sent])).toEqual([
      ['1', true],
      ['2', false],
      ['all', false],
    ]);
    const [one, two, all] = whatIf.windows;
    // More turns, more messages and tokens; the sent window saves nothing against itself.
    expect(one.initialMessages).toBeLessThan(two.initialMessages);
    expect(two.initialMessages).toBeLessThanOrEqual(all.initialMessages);
    expect(one.inputTokens).toBeLessThan(all.inputTokens);
    expect(one.saving).toBe(0);
    expect(all.saving).toBeCloseTo(one.cost.dollars - all.cost.dollars, 12);
    expect(all.saving).toBeLessThan(0);
    // Kimi's fork has no window to change.
    const kimi = await runtimeThatForks('kimi-fork', ASK);
    expect(await (await capturedForkWhatIfHandler(() => kimi)(new Request('http://127.0.0.1/'), '2')).json()).toEqual({ whatIf: null });
    expect((await capturedForkWhatIfHandler(() => kimi)(new Request('http://127.0.0.1/'), '1')).status).toBe(404);
  });

  it("marks what a captured child received that neither its parent nor its runtime's rules account for", async () => {
    const extra = (messages: ModelMessage[]) => [...messages.slice(0, -1), { role: 'user' as const, content: 'Be brief.' }, messages.at(-1)!];
    const store = await runtimeThatForks('kimi-fork', ASK, { sendWrongly: extra });
    const bundle = JSON.parse(await (await capturedForkHandler(() => store)(new Request('http://127.0.0.1/'), '2')).text());
    const received = [...bundle.children[0].plan.child.initialMessages, bundle.children[0].plan.child.firstPrompt];
    expect(
      received
        .filter((entry: { source: { rule?: string } }) => entry.source.rule === NOT_IN_THE_RULES)
        .map((entry: { message: ModelMessage }) => entry.message),
    ).toEqual([{ role: 'user', content: 'Be brief.' }]);
    expect(bundle.children[0].name).toBe('captured #2 (differs)');
  });

  it('answers 404 for a request that started no fork, and 400 for a runtime that is not one', async () => {
    const store = await runtimeThatForks('kimi-fork', ASK);
    for (const id of ['1', '3', '99', 'x']) expect((await capturedForkHandler(() => store)(new Request('http://127.0.0.1/'), id)).status).toBe(404);
    expect((await capturedForkHandler(() => store)(new Request('http://127.0.0.1/?runtime=nope'), '2')).status).toBe(400);
    // `parent` and `call` name the fork: another call's or parent's is not this child's.
    const { forks } = await (await capturesListHandler(() => store)(new Request('http://127.0.0.1/api/captures'))).json();
    const named = (query: string) => capturedForkHandler(() => store)(new Request(`http://127.0.0.1/?${query}`), '2');
    expect((await named(`parent=3&call=${encodeURIComponent(forks[0].toolCallId)}`)).status).toBe(200);
    expect((await named('parent=3&call=other')).status).toBe(404);
    expect((await named(`parent=1&call=${encodeURIComponent(forks[0].toolCallId)}`)).status).toBe(404);
  });

  it("checks a fork while its parent still waits on the child, from the call in the parent's answer", async () => {
    // A synchronous Agent tool: the parent's next request comes only once the child is done.
    const store = await runtimeThatForks('kimi-fork', ASK, { parentWaits: true });
    expect(store.list()).toHaveLength(2);
    const answer = await (await capturesListHandler(() => store)(new Request('http://127.0.0.1/api/captures'))).json();
    expect(answer.forks).toMatchObject([{ parentId: 1, childId: 2, runtime: 'kimi-fork', verdict: 'matches', sharedPrefixMessages: 5 }]);
    const bundle = JSON.parse(await (await capturedForkHandler(() => store)(new Request('http://127.0.0.1/'), '2')).text());
    expect(bundle.parent.messages.at(-1).message.content).toMatchObject([{ type: 'tool-call', toolName: 'Agent' }]);
    expect(bundle.children[0].name).toBe('captured #2 (matches)');
  });

  it("plans a call with the project's files it reads when told the project's folder, and refuses a folder that is none", async () => {
    const project = mkdtempSync(path.join(tmpdir(), 'fork-lab-project-'));
    mkdirSync(path.join(project, '.qwen/fork-profiles'), { recursive: true });
    const profile = '---\nname: ro\ntools: [read_file]\npromptHint: Cite files.\n---\n';
    writeFileSync(path.join(project, '.qwen/fork-profiles/ro.md'), profile);
    // A runtime that read the profile from its project, as Qwen Code 0.24 does.
    const store = await runtimeThatForks(
      'qwen-fork-turns',
      'Call agent with description=Notes subagent_type=fork fork_profile=ro prompt="Say what notes.txt holds"',
      {
        mistake: (request) => ({ ...request, projectFiles: { '.qwen/fork-profiles/ro.md': profile } }),
      },
    );
    const list = async (query: string) => (await capturesListHandler(() => store)(new Request(`http://127.0.0.1/api/captures?${query}`))).json();
    const told = await list(`project=${encodeURIComponent(project)}`);
    expect(told.forks).toMatchObject([{ verdict: 'matches', projectFiles: { '.qwen/fork-profiles/ro.md': profile } }]);
    // Not told, the check plans the call without the profile: the child's guidance and restriction are unexplained.
    expect((await list('')).forks).toMatchObject([{ verdict: 'differs' }]);
    const bundle = JSON.parse(
      await (await capturedForkHandler(() => store)(new Request(`http://127.0.0.1/?project=${encodeURIComponent(project)}`), '2')).text(),
    );
    expect(bundle.request.projectFiles).toEqual({ '.qwen/fork-profiles/ro.md': profile });
    const bad = await capturesListHandler(() => store)(new Request('http://127.0.0.1/api/captures?project=relative/folder'));
    expect(bad.status).toBe(400);
    expect(httpErrorBodySchema.parse(await bad.json()).error).toMatchObject({
      message: 'project must be an absolute path to the folder the runtime ran in; got relative/folder.',
      issues: [{ path: 'project' }],
    });
  });
});
