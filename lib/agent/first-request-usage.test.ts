import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { buildBootstrapRecord, planFork } from '@/lib/fork';
import type { RunEvent } from '@/lib/fork-exchange/run-record';
import { parentOf, user } from '@/lib/scenarios/transcript-builders';
import { ChildRuns } from './child-runs';
import { RunJournal } from './run-journal';

const parent = parentOf([user('u1', 'Look at src/date.ts.')]);
const bootstrap = buildBootstrapRecord(planFork(parent, { policy: 'kimi-fork', directive: 'Summarise it.', params: { description: 'Fork', fork: true } }), {
  childId: 'c',
  parentAgentId: 'main',
});

/** A model whose one answer reports DeepSeek's usage, as the AI SDK's compatible provider passes it on. */
function deepseekLike() {
  return new MockLanguageModelV3({
    doStream: async () => ({
      stream: convertArrayToReadableStream([
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Done.' },
        { type: 'text-end', id: 't' },
        {
          type: 'finish',
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: {
            inputTokens: { total: 1080, noCache: 1080, cacheRead: undefined, cacheWrite: undefined },
            outputTokens: { total: 2, text: 2, reasoning: undefined },
            raw: { prompt_tokens: 1080, completion_tokens: 2, prompt_cache_hit_tokens: 1000, prompt_cache_miss_tokens: 80 },
          },
        },
      ]),
    }),
  });
}

describe("a run's first request", () => {
  it('keeps the prediction it started with and the usage the provider reported, in the journal and as an event', async () => {
    const journal = new RunJournal(':memory:');
    const runs = new ChildRuns({ journal, model: () => deepseekLike() as never, tools: () => ({}), redact: (text) => text });
    const predictedCache = { provider: 'deepseek' as const, model: 'deepseek-flash', cachedTokens: 1000, writtenTokens: 80, uncachedTokens: 0 };
    runs.launch({ runId: 'c', sessionId: 's', name: 'c', modelId: 'compatible:deepseek-flash', bootstrap, predictedCache });
    const events: RunEvent[] = [];
    runs.subscribe('c', (event) => events.push(event));
    await runs.settled('c');
    const reported = { cachedTokens: 1000, writtenTokens: 80, uncachedTokens: 0, outputTokens: 2, format: 'deepseek' };
    expect(journal.getRun('c')).toMatchObject({ status: 'finished', predictedCache, reportedUsage: reported });
    expect(events).toContainEqual({ type: 'usage', usage: reported });
  });

  it('adds the columns to a journal written before they existed, keeping its runs', async () => {
    const { default: Database } = await import('better-sqlite3');
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const file = join(mkdtempSync(join(tmpdir(), 'journal-')), 'runs.db');
    const old = new Database(file);
    old.exec(`CREATE TABLE runs (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, name TEXT NOT NULL, policy TEXT NOT NULL, model_id TEXT NOT NULL,
      status TEXT NOT NULL, bootstrap TEXT, final_output TEXT, error TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`);
    old.prepare("INSERT INTO runs VALUES ('r', 's', 'n', 'kimi-fork', 'offline', 'finished', NULL, 'out', NULL, 't', 't')").run();
    old.close();
    const journal = new RunJournal(file);
    expect(journal.getRun('r')).toMatchObject({ finalOutput: 'out', predictedCache: null, reportedUsage: null });
    journal.close();
  });
});

describe('a revived run', () => {
  it("keeps the first request's usage, in the journal and for watchers", async () => {
    const journal = new RunJournal(':memory:');
    const runs = new ChildRuns({ journal, model: () => deepseekLike() as never, tools: () => ({}), redact: (text) => text });
    runs.launch({ runId: 'r', sessionId: 's', name: 'r', modelId: 'compatible:deepseek-flash', bootstrap });
    await runs.settled('r');
    const first = journal.getRun('r')!.reportedUsage;
    journal.setStatus('r', 'failed', { error: 'x' });
    const events: RunEvent[] = [];
    runs.subscribe('r', (event) => events.push(event));
    runs.revive('r');
    await runs.settled('r');
    expect(journal.getRun('r')!.reportedUsage).toEqual(first);
    expect(events.filter((event) => event.type === 'usage')).toEqual([]);
  });
});
