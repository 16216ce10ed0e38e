/**
 * `npm run bench` (child memory): the heap a child costs, on the synthetic 1k- and 10k-message
 * parents and on a 10k-message parent imported from a Claude Code session (a few KB of file
 * content per tool result, as real sessions have). Every parent is frozen as the server freezes the
 * parents it registers, so its children share its messages.
 *
 * - Running: heap per child while 20 children are held mid-run by a slow model, beside 20 bare
 *   `streamText` calls on the child's history. A running call holds the AI SDK's conversion of its
 *   whole prompt (new objects for every message and part, strings shared) whoever starts it; what a
 *   child holds beyond that is Fork Lab's: its bootstrap record, its history and its run.
 *   Targets: Fork Lab's part at most 0.2× the parent's heap on every parent, and the whole child at
 *   most 0.2× on the Claude Code-sized one. On the synthetic parents, whose messages average about
 *   220 bytes, the AI SDK's per-message objects alone come to 0.35× the parent: printed without a
 *   target, since no caller of the AI SDK holds less.
 * - Settled: heap left behind once a child of a parent no call had seen before has finished, the
 *   parent still registered: at most 0.1× the parent on the 10k-message parents (on the 1k one,
 *   code compiled on the way weighs as much as the parent: printed). Zod's memoizer used to keep a
 *   parsed copy of the last prompt the AI SDK validated for as long as the messages lived (2.4× the
 *   parent), and the tokenizer's merge cache the offline model's whole prompt, counted for its usage
 *   (patches/zod+4.6.7.patch, patches/gpt-tokenizer+4.0.0.patch).
 * - The parent's heap is that of a `structuredClone` of it, which shares no strings: about 10% more
 *   than the frozen parent itself.
 */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { type ModelMessage, stepCountIs, streamText } from 'ai';
import { clearMergeCache } from 'gpt-tokenizer';
import { SANDBOX_TOOL_DECLARATIONS } from '../lib/agent/agent-tools';
import { ChildRuns } from '../lib/agent/child-runs';
import { RunJournal } from '../lib/agent/run-journal';
import { createOfflineModel } from '../lib/ai/offline/offline-model';
import { deepFreeze, type ParentTranscript, reviveChildHistory } from '../lib/fork';
import { importTranscript } from '../lib/import';
import { syntheticClaudeSession } from '../lib/import/testing/synthetic-claude-session';
import { syntheticParent } from '../lib/scenarios/synthetic-parent';
import { forkAllBootstrap } from './fork-all-bootstrap';

const gc =
  (globalThis as { gc?: () => void }).gc ??
  (() => {
    throw new Error('run with node --expose-gc (npm run bench does): without it the heap figures mean nothing');
  });
const FORK_LABS_PART_TARGET = 0.2;
const WHOLE_CHILD_TARGET = 0.2;
const LEFT_BEHIND_TARGET = 0.1;
const HELD_CALLS = 20;
const DIRECTIVE = 'What does route-3 check?';
/** About 10,000 messages of the Claude Code session generator's turns. */
const CLAUDE_SESSION_BYTES = 16_500_000;

interface Parent {
  label: string;
  build: () => Promise<ParentTranscript>;
  /** Whether the whole running child is held to its target (see the top of the file). */
  wholeChildTarget: boolean;
  /** Whether what a settled child leaves is held to its target: not on a parent so small that code compiled on the way outweighs it. */
  leftBehindTarget: boolean;
}

const PARENTS: Parent[] = [
  { label: 'synthetic 1k', build: async () => syntheticParent(1_000), wholeChildTarget: false, leftBehindTarget: false },
  { label: 'synthetic 10k', build: async () => syntheticParent(10_000), wholeChildTarget: false, leftBehindTarget: true },
  {
    label: 'Claude Code 10k',
    build: async () => (await importTranscript(syntheticClaudeSession(CLAUDE_SESSION_BYTES).text)).transcript,
    wholeChildTarget: true,
    leftBehindTarget: true,
  },
];

/** Frozen as the server's parent cache freezes a parent it registers, with the sandbox's tools. */
async function registered(parent: Parent): Promise<ParentTranscript> {
  const transcript = await parent.build();
  return deepFreeze({ ...transcript, profile: { ...transcript.profile, tools: [...SANDBOX_TOOL_DECLARATIONS] } });
}

/** The heap once the last regular expression's subject (which V8 keeps for `RegExp.$1`) is a small string. */
function heapUsed(): number {
  /(b)/.exec('abc');
  gc();
  return process.memoryUsage().heapUsed;
}

/** The heap of a copy of the parent: what a child that copied it would hold. */
function heapOf(parent: ParentTranscript): number {
  const before = heapUsed();
  const copy = structuredClone(parent);
  const after = heapUsed();
  void copy;
  return after - before;
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
  const before = heapUsed();
  streaming.count = 0;
  const calls = Array.from({ length: HELD_CALLS }, start);
  const deadline = performance.now() + 60_000;
  while (streaming.count < HELD_CALLS) {
    if (performance.now() > deadline) throw new Error(`only ${streaming.count} of ${HELD_CALLS} calls reached the model`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const held = (heapUsed() - before) / HELD_CALLS;
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

interface Figures {
  peakRss: number;
  parentHeap: number;
  leftBehind: number;
  perBareCall: number;
  perChild: number;
}

/** One child of the parent, run to the end. */
async function runToEnd(runs: ChildRuns, parent: ParentTranscript, id: string): Promise<void> {
  runs.launch({ runId: id, sessionId: 'bench', name: id, modelId: 'offline', bootstrap: forkAllBootstrap(parent, DIRECTIVE, id) });
  await runs.settled(id);
}

async function measure(candidate: Parent, journal: RunJournal, ids: { next: number }): Promise<Figures> {
  // A child of another parent of the same kind and size runs first, so code is compiled and
  // optimised, and the tokenizer's tables and the journal's statements loaded, before anything is
  // counted; that parent is then let go. Then one child of a parent no call has seen runs to the end.
  const parent = await registered(candidate);
  const parentHeap = heapOf(parent);
  const finishing = new ChildRuns({ journal, model: () => createOfflineModel(), tools: () => ({}), redact: (text) => text });
  await runToEnd(finishing, await registered(candidate), 'warm-up');
  // The warm-up's prompt has the same text as the measured one: a cache that kept the text it saw
  // (the tokenizer's merge cache did) would hold one prompt before and one after, and hide it.
  clearMergeCache();
  const beforeRun = heapUsed();
  await runToEnd(finishing, parent, `s${++ids.next}`);
  const leftBehind = heapUsed() - beforeRun;

  const probe = forkAllBootstrap(parent, DIRECTIVE, 'probe');
  const history = reviveChildHistory(probe, [], 'probe');
  const streaming = { count: 0 };
  const perBareCall = await heapPerRunningCall(streaming, () => slowBareCall(history, probe.systemInstruction, streaming));
  const slow = new ChildRuns({ journal, model: () => slowModel(streaming), tools: () => ({}), redact: (text) => text });
  const perChild = await heapPerRunningCall(
    streaming,
    () => {
      const id = `m${++ids.next}`;
      slow.launch({ runId: id, sessionId: 'bench', name: id, modelId: 'offline', bootstrap: forkAllBootstrap(parent, DIRECTIVE, id) });
      return { stop: () => slow.stop(id), done: slow.settled(id) };
    },
    () => {
      if (slow.running !== HELD_CALLS) throw new Error(`expected ${HELD_CALLS} running children, saw ${slow.running}`);
    },
  );
  return { peakRss: process.resourceUsage().maxRSS * 1024, parentHeap, leftBehind, perBareCall, perChild };
}

/** One parent's figures, measured in this process (each parent gets a process of its own). */
async function measureOne(index: number): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fork-lab-bench-'));
  const journal = new RunJournal(path.join(dir, 'runs.sqlite'));
  try {
    const figures = await measure(PARENTS[index]!, journal, { next: 0 });
    console.log(JSON.stringify(figures));
  } finally {
    journal.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function measuredApart(index: number): Figures {
  const run = spawnSync(process.execPath, [...process.execArgv, __filename, String(index)], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (run.status !== 0) throw new Error(`measuring ${PARENTS[index]!.label} failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Figures;
}

function main() {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`.padStart(9);
  const ratio = (value: number) => `${value.toFixed(3)}×`.padStart(7);
  console.log('child heap with the offline model, as a multiple of the parent’s heap (20 children, or 20 bare calls, held mid-run)');
  console.log('parent             parent heap   running child   bare call  Fork Lab’s part   left behind   peak RSS');
  const checks: { label: string; name: string; value: number; target: number }[] = [];
  PARENTS.forEach((candidate, index) => {
    const f = measuredApart(index);
    const whole = f.perChild / f.parentHeap;
    const forkLabs = (f.perChild - f.perBareCall) / f.parentHeap;
    const left = f.leftBehind / f.parentHeap;
    console.log(
      `${candidate.label.padEnd(17)}  ${mb(f.parentHeap)}  ${mb(f.perChild)} ${ratio(whole)}  ${ratio(f.perBareCall / f.parentHeap)}  ` +
        `${mb(f.perChild - f.perBareCall)} ${ratio(forkLabs)}  ${mb(f.leftBehind)} ${ratio(left)}  ${mb(f.peakRss)}`,
    );
    checks.push({ label: candidate.label, name: 'heap a running child holds beyond its model call', value: forkLabs, target: FORK_LABS_PART_TARGET });
    if (candidate.wholeChildTarget) checks.push({ label: candidate.label, name: 'heap a running child holds', value: whole, target: WHOLE_CHILD_TARGET });
    if (candidate.leftBehindTarget)
      checks.push({ label: candidate.label, name: 'heap left behind by a settled child', value: left, target: LEFT_BEHIND_TARGET });
  });
  for (const { label, name, value, target } of checks) {
    const ok = value <= target;
    if (!ok) process.exitCode = 1;
    console.log(`${ok ? 'ok  ' : 'MISS'}  ${name} / parent heap, ${label}: ${value.toFixed(3)} (target ≤ ${target})`);
  }
}

const only = process.argv[2];
if (only === undefined) {
  main();
} else {
  measureOne(Number(only)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
