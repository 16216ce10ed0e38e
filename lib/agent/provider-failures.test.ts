import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineModel } from '@/lib/ai/offline/offline-model';
import { buildBootstrapRecord, planFork } from '@/lib/fork';
import { contentHash } from '@/lib/json/content-hash';
import { parentOf, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { ChildRuns } from './child-runs';
import { RunJournal } from './run-journal';

/** A provider that fails the way real ones do, chosen by the model id. */
let server: Server;
let baseURL: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const model = (JSON.parse(body) as { model: string }).model;
      if (model === 'http-500') {
        response.writeHead(500, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'The server had an error while processing your request.' } }));
      } else if (model === 'http-429') {
        response.writeHead(429, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'Rate limit reached for requests.' } }));
      } else if (model === 'malformed') {
        response.writeHead(200, { 'Content-Type': 'text/event-stream' });
        response.end('data: {"this is": not json\n\ndata: [DONE]\n\n');
      } else if (model === 'hang') {
        response.writeHead(200, { 'Content-Type': 'text/event-stream' });
        // Never answers; the run's timeout must end it.
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const parent = parentOf([user('u1', 'The deploy password is swordfish-42.'), toolCalls('c1', [{ id: 'call-1', tool: 'agent', input: {} }])]);
const bootstrap = (childId: string) =>
  buildBootstrapRecord(
    planFork(parent, {
      policy: 'qwen-fork-turns',
      directive: 'What is the deploy password?',
      params: { description: 'Fork', subagent_type: 'fork', fork_turns: 'all' },
    }),
    {
      childId,
      parentAgentId: 'main',
    },
  );

describe('provider failures', () => {
  it('fail only their own child, with the provider’s message, and leave the parent and other children untouched', async () => {
    const journal = new RunJournal(':memory:');
    const provider = createOpenAICompatible({ name: 'flaky', baseURL });
    const runs = new ChildRuns({
      journal,
      model: (id) => (id === 'offline' ? createOfflineModel() : provider.chatModel(id)),
      tools: () => ({}),
      redact: (text) => text,
      runTimeoutMs: 2000,
    });
    const before = await contentHash(parent);
    for (const id of ['http-500', 'http-429', 'malformed', 'hang', 'offline'])
      runs.launch({ runId: id, sessionId: 's', name: id, modelId: id, bootstrap: bootstrap(id) });
    await Promise.all(['http-500', 'http-429', 'malformed', 'hang', 'offline'].map((id) => runs.settled(id)));

    expect(journal.getRun('http-500')).toMatchObject({ status: 'failed', error: 'HTTP 500: The server had an error while processing your request.' });
    expect(journal.getRun('http-429')).toMatchObject({ status: 'failed', error: 'HTTP 429: Rate limit reached for requests.' });
    expect(journal.getRun('malformed')).toMatchObject({ status: 'failed' });
    expect(journal.getRun('malformed')!.error).toMatch(/JSON|parse|Invalid/i);
    expect(journal.getRun('hang')).toMatchObject({ status: 'failed', error: 'The model did not answer in time (timeout).' });
    expect(journal.getRun('offline')).toMatchObject({ status: 'finished' });
    expect(await contentHash(parent)).toBe(before);
  });
});
