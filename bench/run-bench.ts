/**
 * `npm run bench` (second part): what launching a child costs with the offline model, on 1k- and
 * 10k-message parents, as ratios against the same model call made bare in the same run — so the
 * figures measure Fork Lab's launch path (planning, bootstrap record, journal, event fan-out), not
 * the machine.
 *
 * - first event: launch → first streamed event, vs. a bare `streamText` → first part.
 * - 3-step loop: launch → settled for a child that calls two tools and reports (three model
 *   steps), vs. the same loop run bare with `streamText`.
 * - memory: heap per running child (20 children held mid-run, on a parent frozen as the server
 *   freezes the parents it registers), and the same for 20 bare `streamText` calls on the child's
 *   history. A running call holds the AI SDK's conversion of its whole prompt (new objects for every
 *   message and part, strings shared) whoever starts it; what a child holds beyond that is Fork
 *   Lab's: its bootstrap record, its history and its run. Target: Fork Lab's part at most 0.2× the
 *   heap of the parent itself, at every size — a child shares its parent's frozen messages instead
 *   of holding a copy of them.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { type ModelMessage, stepCountIs, streamText } from 'ai';
import { SANDBOX_TOOL_DECLARATIONS, toolsFor } from '../lib/agent/agent-tools';
import { ChildRuns } from '../lib/agent/child-runs';
import { RunJournal } from '../lib/agent/run-journal';
import { SandboxFiles } from '../lib/agent/sandbox-files';
import { createOfflineModel } from '../lib/ai/offline/offline-model';
import { buildBootstrapRecord, deepFreeze, type ParentTranscript, planFork, reviveChildHistory } from '../lib/fork';
import { syntheticParent } from '../lib/scenarios/synthetic-parent';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const CHILD_HEAP_TARGET = 0.2;
const HELD_CALLS = 20;
const LOOP_DIRECTIVE = 'Use search_files for "parseDate", then read_file on src/date.ts.';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function withSandboxTools(parent: ParentTranscript): ParentTranscript {
  return { ...parent, profile: { ...parent.profile, tools: [...SANDBOX_TOOL_DECLARATIONS, ...parent.profile.tools.filter((tool) => tool.name === 'agent')] } };
}

function bootstrapFor(parent: ParentTranscript, directive: string, childId: string) {
  const plan = planFork(parent, { policy: 'qwen-fork-turns', directive, params: { subagent_type: 'fork', fork_turns: 'all' } });
  return buildBootstrapRecord(plan, { childId, parentAgentId: 'main' });
}

async function bare(history: ModelMessage[], system: string, loop: boolean): Promise<{ first: number; total: number }> {
  const files = new SandboxFiles();
  const start = performance.now();
  const result = streamText({
    model: createOfflineModel(),
    system,
    messages: history,
    ...(loop ? { tools: toolsFor(SANDBOX_TOOL_DECLARATIONS, files), stopWhen: stepCountIs(8) } : {}),
  });
  let first = -1;
  for await (const part of result.fullStream) {
    if (first < 0 && (part.type === 'text-delta' || part.type === 'tool-call')) first = performance.now() - start;
  }
  return { first, total: performance.now() - start };
}

async function launched(runs: ChildRuns, parent: ParentTranscript, directive: string, id: string): Promise<{ first: number; total: number }> {
  const start = performance.now();
  const bootstrap = bootstrapFor(parent, directive, id);
  let first = -1;
  runs.launch({ runId: id, sessionId: 'bench', name: id, modelId: 'offline', bootstrap });
  const stop = runs.subscribe(id, (event) => {
    if (first < 0 && (event.type === 'text-delta' || event.type === 'message')) first = performance.now() - start;
  });
  await runs.settled(id);
  stop();
  return { first, total: performance.now() - start };
}

/** The offline model, slow enough that a call stays mid-stream; counts the calls that reached it. */
function slowModel(streaming: { count: number }): LanguageModelV3 {
  const model = createOfflineModel({ streamDelayMs: 2_000 });
  return {
    ...model,
    async doStream(options) {
      const result = await model.doStream(options);
      streaming.count += 1;
      return result;
    },
  };
}

/**
 * Heap held per call while {@link HELD_CALLS} calls are all streaming from a slow model (waiting
 * for that, not for a fixed time: a call still being validated or converted holds passing copies),
 * all then stopped.
 */
async function heapPerRunningCall(
  streaming: { count: number },
  start: () => { stop(): void; done: Promise<unknown> },
  check: () => void = () => {},
): Promise<number> {
  gc();
  const before = process.memoryUsage().heapUsed;
  streaming.count = 0;
  const calls = Array.from({ length: HELD_CALLS }, start);
  const deadline = performance.now() + 60_000;
  while (streaming.count < HELD_CALLS) {
    if (performance.now() > deadline) throw new Error(`only ${streaming.count} of ${HELD_CALLS} calls reached the model`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  gc();
  const held = (process.memoryUsage().heapUsed - before) / HELD_CALLS;
  check();
  for (const call of calls) call.stop();
  await Promise.all(calls.map((call) => call.done));
  return held;
}

function slowBareCall(history: ModelMessage[], system: string, streaming: { count: number }): { stop(): void; done: Promise<unknown> } {
  const controller = new AbortController();
  const result = streamText({
    model: slowModel(streaming),
    system,
    messages: history,
    tools: {},
    stopWhen: stepCountIs(8),
    maxRetries: 0,
    abortSignal: controller.signal,
    onError: () => undefined,
  });
  const done = (async () => {
    for await (const part of result.fullStream) if (part.type === 'abort') break;
  })().catch(() => undefined);
  return { stop: () => controller.abort(), done };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'fork-lab-bench-'));
  const journal = new RunJournal(path.join(dir, 'runs.sqlite'));
  const files = new SandboxFiles();
  const runs = new ChildRuns({
    journal,
    model: () => createOfflineModel(),
    tools: (_s, declarations) => toolsFor(declarations, files),
    redact: (text) => text,
  });
  console.log('child launch with the offline model (median of 7 at 1k, 3 at 10k; ratios against the same model call made bare)');
  console.log(
    'size      first event  bare first  ratio | 3-step loop  bare loop  ratio | heap/child  bare call   Fork Lab  parent heap  child/parent  Fork Lab/parent',
  );
  let counter = 0;
  const checks: { size: number; ratio: number }[] = [];
  for (const size of [1_000, 10_000]) {
    // Frozen as the server's parent cache freezes a parent it registers, so children share it.
    const parent = deepFreeze(withSandboxTools(syntheticParent(size)));
    const question = bootstrapFor(parent, 'What does route-3 check?', 'probe');
    const loop = bootstrapFor(parent, LOOP_DIRECTIVE, 'probe');
    const questionHistory = reviveChildHistory(question, [], 'probe');
    const loopHistory = reviveChildHistory(loop, [], 'probe');

    const firsts: number[] = [];
    const bareFirsts: number[] = [];
    const loops: number[] = [];
    const bareLoops: number[] = [];
    for (let round = 0; round < (size > 1_000 ? 3 : 7); round += 1) {
      gc();
      firsts.push((await launched(runs, parent, 'What does route-3 check?', `q${++counter}`)).first);
      gc();
      bareFirsts.push((await bare(questionHistory, question.systemInstruction, false)).first);
      gc();
      loops.push((await launched(runs, parent, LOOP_DIRECTIVE, `l${++counter}`)).total);
      gc();
      bareLoops.push((await bare(loopHistory, loop.systemInstruction, true)).total);
    }

    // Memory: the parent's own heap, then children and bare calls held mid-run by a slow model.
    gc();
    const beforeParent = process.memoryUsage().heapUsed;
    let copy: ParentTranscript | null = structuredClone(parent);
    gc();
    const parentHeap = process.memoryUsage().heapUsed - beforeParent;
    copy = null;
    void copy;
    const streaming = { count: 0 };
    const perBareCall = await heapPerRunningCall(streaming, () => slowBareCall(questionHistory, question.systemInstruction, streaming));
    const slow = new ChildRuns({ journal, model: () => slowModel(streaming), tools: () => ({}), redact: (text) => text });
    const perChild = await heapPerRunningCall(
      streaming,
      () => {
        const id = `m${++counter}`;
        slow.launch({ runId: id, sessionId: 'bench', name: id, modelId: 'offline', bootstrap: bootstrapFor(parent, 'What does route-3 check?', id) });
        return { stop: () => slow.stop(id), done: slow.settled(id) };
      },
      () => {
        if (slow.running !== HELD_CALLS) throw new Error(`expected ${HELD_CALLS} running children, saw ${slow.running}`);
      },
    );
    const forkLabs = perChild - perBareCall;
    checks.push({ size, ratio: forkLabs / parentHeap });

    const f = median(firsts);
    const bf = median(bareFirsts);
    const l = median(loops);
    const bl = median(bareLoops);
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
    console.log(
      `${String(size).padEnd(8)}  ${f.toFixed(1).padStart(8)} ms  ${bf.toFixed(1).padStart(7)} ms  ${(f / bf).toFixed(2).padStart(5)}× | ` +
        `${l.toFixed(1).padStart(8)} ms  ${bl.toFixed(1).padStart(6)} ms  ${(l / bl).toFixed(2).padStart(5)}× | ` +
        `${mb(perChild).padStart(9)}  ${mb(perBareCall).padStart(9)}  ${mb(forkLabs).padStart(9)}  ${mb(parentHeap).padStart(10)}  ${(perChild / parentHeap).toFixed(2).padStart(11)}×  ${(forkLabs / parentHeap).toFixed(2).padStart(14)}×`,
    );
  }
  journal.close();
  rmSync(dir, { recursive: true, force: true });
  console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  for (const { size, ratio } of checks) {
    const ok = ratio <= CHILD_HEAP_TARGET;
    if (!ok) process.exitCode = 1;
    console.log(
      `${ok ? 'ok  ' : 'MISS'}  heap a running child holds beyond its model call / parent heap at ${size}: ${ratio.toFixed(3)} (target ≤ ${CHILD_HEAP_TARGET})`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
