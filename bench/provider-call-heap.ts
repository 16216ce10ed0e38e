/**
 * `npm run bench` (context for the child-heap target): the heap one running model call holds when
 * it goes through a real provider of the AI SDK — the OpenAI provider, against a local endpoint that
 * streams a first chunk and then holds the stream open — for the child's first request on a frozen
 * 10,000-message parent, beside the heap of the parent itself. No Fork Lab code runs: this is what
 * any caller of `streamText` holds per call (the prompt converted for the provider and the request
 * body it sends), and it is why "heap per running child at most 0.2× its parent" is set on the part
 * of a child that is Fork Lab's (see bench/child-heap-bench.ts), not on the whole of it. Printed, not a target.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { streamText } from 'ai';
import { deepFreeze, reviveChildHistory } from '../lib/fork';
import { syntheticParent } from '../lib/scenarios/synthetic-parent';
import { forkAllBootstrap } from './fork-all-bootstrap';

const HELD_CALLS = 20;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

const FIRST_CHUNK = `data: ${JSON.stringify({
  id: 'held',
  object: 'chat.completion.chunk',
  created: 0,
  model: 'held',
  choices: [{ index: 0, delta: { role: 'assistant', content: 'Working' }, finish_reason: null }],
})}\n\n`;

async function main() {
  const parent = deepFreeze(syntheticParent(10_000));
  const bootstrap = forkAllBootstrap(parent, 'What does route-3 check?', 'held');
  const history = reviveChildHistory(bootstrap, [], 'held');

  gc();
  let before = process.memoryUsage().heapUsed;
  let copy: unknown = structuredClone(parent);
  gc();
  const parentHeap = process.memoryUsage().heapUsed - before;
  copy = null;
  void copy;

  let arrived = 0;
  const endpoint: typeof fetch = async (_url, init) => {
    arrived += 1;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(FIRST_CHUNK));
        init?.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
  const provider = createOpenAI({ apiKey: 'bench', baseURL: 'http://bench.invalid/v1', fetch: endpoint });

  gc();
  before = process.memoryUsage().heapUsed;
  const calls = Array.from({ length: HELD_CALLS }, () => {
    const controller = new AbortController();
    const result = streamText({
      model: provider.chat('held'),
      system: bootstrap.systemInstruction,
      messages: history,
      abortSignal: controller.signal,
      maxRetries: 0,
      onError: () => undefined,
    });
    const done = (async () => {
      for await (const part of result.fullStream) void part;
    })().catch(() => undefined);
    return { controller, done };
  });
  while (arrived < HELD_CALLS) await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 200));
  gc();
  const perCall = (process.memoryUsage().heapUsed - before) / HELD_CALLS;
  for (const call of calls) call.controller.abort();
  await Promise.all(calls.map((call) => call.done));
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  console.log(
    `a bare streamText call through the OpenAI provider, held mid-stream (10k-message parent): ${mb(perCall)} per call, ` +
      `parent ${mb(parentHeap)}: ${(perCall / parentHeap).toFixed(2)}× the parent (no target: any AI SDK caller holds this)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
