import { APICallError } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createOfflineModel } from '@/lib/ai/offline/offline-model';
import { buildBootstrapRecord, deepFreeze, type ForkBootstrapRecord, planFork } from '@/lib/fork';
import type { RunEvent } from '@/lib/fork-exchange/run-record';
import { contentHash } from '@/lib/json/content-hash';
import { assistant, parentOf, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { SANDBOX_TOOL_DECLARATIONS, toolsFor } from './agent-tools';
import { ChildRuns } from './child-runs';
import { RunJournal } from './run-journal';
import { SandboxFiles } from './sandbox-files';

const parent = parentOf(
  [
    user('u1', 'The deploy password is swordfish-42.'),
    assistant('a1', 'Noted.'),
    user('u2', 'Look at src/date.ts.'),
    assistant('a2', 'It parses dates.'),
    user('u3', 'Fork a worker.'),
    toolCalls('c1', [{ id: 'call-1', tool: 'agent', input: { description: 'Fork', subagent_type: 'fork', prompt: 'x' } }]),
  ],
  { tools: [...SANDBOX_TOOL_DECLARATIONS, { name: 'agent' }] },
);

function bootstrapFor(forkTurns: string, directive: string, childId: string): ForkBootstrapRecord {
  const plan = planFork(parent, { policy: 'qwen-fork-turns', directive, params: { description: 'Fork', subagent_type: 'fork', fork_turns: forkTurns } });
  return buildBootstrapRecord(plan, { childId, parentAgentId: 'main' });
}

function setup(model = () => createOfflineModel() as never) {
  const journal = new RunJournal(':memory:');
  const files = new SandboxFiles({ 'src/date.ts': 'export const parseDate = 1;' });
  const runs = new ChildRuns({
    journal,
    model,
    tools: (_session, declarations) => toolsFor(declarations, files),
    redact: (text) => text.replaceAll('sk-secret', '[redacted]'),
  });
  return { journal, runs };
}

describe('ChildRuns', () => {
  it('runs a child detached: what it can tell depends on the window it inherited', async () => {
    const { journal, runs } = setup();
    runs.launch({ runId: 'all', sessionId: 's', name: 'all', modelId: 'offline', bootstrap: bootstrapFor('all', 'What is the deploy password?', 'all') });
    runs.launch({ runId: 'one', sessionId: 's', name: 'one', modelId: 'offline', bootstrap: bootstrapFor('1', 'What is the deploy password?', 'one') });
    expect(runs.running).toBe(2);
    await Promise.all([runs.settled('all'), runs.settled('one')]);
    expect(journal.getRun('all')).toMatchObject({
      status: 'finished',
      finalOutput: 'From my context (the user message at position 2 of 11): “The deploy password is swordfish-42.”',
    });
    expect(journal.getRun('one')).toMatchObject({ status: 'finished', finalOutput: 'Nothing in my context mentions “deploy password”.' });
    expect(journal.messages('one')).toEqual([{ role: 'assistant', content: [{ type: 'text', text: 'Nothing in my context mentions “deploy password”.' }] }]);
  });

  it("runs a child that shares a frozen parent's messages: its model call only reads them", async () => {
    const frozen = deepFreeze(structuredClone(parent));
    const before = JSON.stringify(frozen);
    const plan = planFork(frozen, {
      policy: 'qwen-fork-turns',
      directive: 'What is the deploy password?',
      params: { description: 'Fork', subagent_type: 'fork', fork_turns: 'all' },
    });
    const bootstrap = buildBootstrapRecord(plan, { childId: 'shared', parentAgentId: 'main' });
    expect(bootstrap.initialMessages[0]).toBe(frozen.messages[0]!.message);
    const { journal, runs } = setup();
    runs.launch({ runId: 'shared', sessionId: 's', name: 'shared', modelId: 'offline', bootstrap });
    await runs.settled('shared');
    expect(journal.getRun('shared')).toMatchObject({
      status: 'finished',
      finalOutput: 'From my context (the user message at position 2 of 11): “The deploy password is swordfish-42.”',
    });
    expect(JSON.stringify(frozen)).toBe(before);
  });

  it('runs a multi-step tool loop and journals every message in order', async () => {
    const { journal, runs } = setup();
    const events: RunEvent['type'][] = [];
    runs.launch({ runId: 'tools', sessionId: 's', name: 't', modelId: 'offline', bootstrap: bootstrapFor('1', 'Use read_file on src/date.ts', 'tools') });
    runs.subscribe('tools', (event) => events.push(event.type));
    await runs.settled('tools');
    expect(journal.messages('tools').map((message) => message.role)).toEqual(['assistant', 'tool', 'assistant']);
    expect(journal.getRun('tools')?.finalOutput).toBe('read_file returned export const parseDate = 1;');
    expect(events[0]).toBe('snapshot');
    expect(events.filter((type) => type === 'message')).toHaveLength(3);
    expect(events.at(-1)).toBe('status');
  });

  it('shows a watcher the run without the inherited history the launching page holds already', async () => {
    const { journal, runs } = setup();
    runs.launch({ runId: 'watched', sessionId: 's', name: 'w', modelId: 'offline', bootstrap: bootstrapFor('all', 'Say hello', 'watched') });
    await runs.settled('watched');
    let snapshot: Extract<RunEvent, { type: 'snapshot' }> | null = null;
    runs.subscribe('watched', (event) => {
      if (event.type === 'snapshot') snapshot = event;
    })();
    expect(snapshot!.run).toMatchObject({ id: 'watched', status: 'finished' });
    expect(Object.keys(snapshot!.run)).not.toContain('bootstrap');
    // The journal keeps it: a revival rebuilds the child from it.
    expect(journal.getRun('watched')?.bootstrap?.initialMessages.length).toBeGreaterThan(0);
  });

  it('fails one child with the provider’s message, redacted, and leaves the others alone; retry continues it', async () => {
    let calls = 0;
    const flaky = new MockLanguageModelV3({
      doStream: async () => {
        calls += 1;
        throw new APICallError({ message: 'Rate limited for key sk-secret', url: 'http://x', requestBodyValues: {}, statusCode: 429, isRetryable: true });
      },
    });
    const { journal, runs } = setup((() => flaky) as never);
    runs.launch({ runId: 'bad', sessionId: 's', name: 'bad', modelId: 'offline', bootstrap: bootstrapFor('1', 'hi', 'bad') });
    await runs.settled('bad');
    expect(journal.getRun('bad')).toMatchObject({ status: 'failed', error: 'HTTP 429: Rate limited for key [redacted]' });
    expect(calls).toBe(1);
    runs.revive('bad');
    await runs.settled('bad');
    expect(calls).toBe(2);
  });

  it('stops a child on the server', async () => {
    const journal = new RunJournal(':memory:');
    const runs = new ChildRuns({ journal, model: () => createOfflineModel({ streamDelayMs: 50 }), tools: () => ({}), redact: (text) => text });
    runs.launch({ runId: 'slow', sessionId: 's', name: 'slow', modelId: 'offline', bootstrap: bootstrapFor('all', 'What is the deploy password?', 'slow') });
    await new Promise((resolve) => setTimeout(resolve, 80));
    // A watcher joining mid-sentence gets the words written so far in its snapshot.
    let snapshot = '';
    runs.subscribe('slow', (event) => {
      if (event.type === 'snapshot') snapshot = event.partialText;
    })();
    expect(snapshot).toMatch(/^From /);
    expect(runs.stop('slow')).toBe(true);
    await runs.settled('slow');
    expect(journal.getRun('slow')).toMatchObject({ status: 'stopped', error: 'Stopped by the person.' });
    expect(runs.stop('slow')).toBe(false);
  });

  it('says a run without a bootstrap record cannot be revived, and why', () => {
    const { journal, runs } = setup();
    journal.createRun({ id: 'orphan', sessionId: 's', name: 'o', policy: 'qwen-fork-turns', modelId: 'offline', bootstrap: null });
    journal.setStatus('orphan', 'interrupted');
    expect(() => runs.revive('orphan')).toThrow(/bootstrap transcript is missing/);
  });

  it('twenty children forked at once all finish with their own histories, and the parent is unchanged', async () => {
    const { journal, runs } = setup();
    const before = await contentHash(parent);
    const questions = Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? 'What is the deploy password?' : 'Which file did we look at?'));
    questions.forEach((question, index) => {
      runs.launch({
        runId: `c${index}`,
        sessionId: 's',
        name: `c${index}`,
        modelId: 'offline',
        bootstrap: bootstrapFor(index % 4 < 2 ? 'all' : '1', question, `c${index}`),
      });
    });
    expect(runs.running).toBe(20);
    await Promise.all(questions.map((_, index) => runs.settled(`c${index}`)));
    const outputs = questions.map((_, index) => journal.getRun(`c${index}`)!);
    expect(outputs.every((run) => run.status === 'finished')).toBe(true);
    expect(outputs.slice(0, 4).map((run) => run.finalOutput)).toEqual([
      'From my context (the user message at position 2 of 11): “The deploy password is swordfish-42.”',
      'From my context (the user message at position 4 of 11): “Look at src/date.ts.”',
      'Nothing in my context mentions “deploy password”.',
      'Nothing in my context mentions “file look”.',
    ]);
    expect(new Set(outputs.map((run) => journal.messages(run.id)))).toHaveProperty('size', 20);
    expect(await contentHash(parent)).toBe(before);
  });

  it('refuses a second run with the same id, and more runs than the server runs at once', () => {
    const journal = new RunJournal(':memory:');
    const runs = new ChildRuns({
      journal,
      model: () => createOfflineModel({ streamDelayMs: 1_000 }),
      tools: () => ({}),
      redact: (text) => text,
      maxRunning: 2,
    });
    runs.launch({ runId: 'a', sessionId: 's', name: 'a', modelId: 'offline', bootstrap: bootstrapFor('1', 'hi?', 'a') });
    expect(() => runs.launch({ runId: 'a', sessionId: 's', name: 'a', modelId: 'offline', bootstrap: bootstrapFor('1', 'hi?', 'a') })).toThrow(
      'A child run "a" already exists: launch with a new id.',
    );
    runs.launch({ runId: 'b', sessionId: 's', name: 'b', modelId: 'offline', bootstrap: bootstrapFor('1', 'hi?', 'b') });
    expect(() => runs.launch({ runId: 'c', sessionId: 's', name: 'c', modelId: 'offline', bootstrap: bootstrapFor('1', 'hi?', 'c') })).toThrow(
      '2 children are running, the most this server runs at once (2). Stop one or wait for one to finish.',
    );
    runs.stop('a');
    runs.stop('b');
  });

  it('fails a run that times out after a completed step, instead of calling it finished', async () => {
    const journal = new RunJournal(':memory:');
    const files = new SandboxFiles({ 'src/date.ts': 'x' });
    const runs = new ChildRuns({
      journal,
      model: () => createOfflineModel({ streamDelayMs: 60 }),
      tools: (_session, declarations) => toolsFor(declarations, files),
      redact: (text) => text,
      runTimeoutMs: 200,
    });
    runs.launch({
      runId: 't',
      sessionId: 's',
      name: 't',
      modelId: 'offline',
      bootstrap: bootstrapFor('1', 'Use read_file on src/date.ts and then tell me everything about it in great detail please', 't'),
    });
    await runs.settled('t');
    expect(journal.getRun('t')).toMatchObject({ status: 'failed', error: 'The model did not answer in time (timeout).' });
    expect(journal.messages('t').map((message) => message.role)).toEqual(['assistant', 'tool']);
  });
});
