/**
 * `npm run bench` (second part): what launching a child costs with the offline model, on 1k- and
 * 10k-message parents, as ratios against the same model call made bare in the same run — so the
 * figures measure Fork Lab's launch path (planning, bootstrap record, journal, event fan-out), not
 * the machine. What a child costs in memory is bench/child-heap-bench.ts.
 *
 * - first event: launch → first streamed event, vs. a bare `streamText` → first part.
 * - 3-step loop: launch → settled for a child that calls two tools and reports (three model
 *   steps), vs. the same loop run bare with `streamText`.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type ModelMessage, stepCountIs, streamText } from 'ai';
import { SANDBOX_TOOL_DECLARATIONS, toolsFor } from '../lib/agent/agent-tools';
import { ChildRuns } from '../lib/agent/child-runs';
import { RunJournal } from '../lib/agent/run-journal';
import { SandboxFiles } from '../lib/agent/sandbox-files';
import { createOfflineModel } from '../lib/ai/offline/offline-model';
import { deepFreeze, type ParentTranscript, reviveChildHistory } from '../lib/fork';
import { syntheticParent } from '../lib/scenarios/synthetic-parent';
import { forkAllBootstrap } from './fork-all-bootstrap';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const LOOP_DIRECTIVE = 'Use search_files for "parseDate", then read_file on src/date.ts.';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function withSandboxTools(parent: ParentTranscript): ParentTranscript {
  return { ...parent, profile: { ...parent.profile, tools: [...SANDBOX_TOOL_DECLARATIONS, ...parent.profile.tools.filter((tool) => tool.name === 'agent')] } };
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
  const bootstrap = forkAllBootstrap(parent, directive, id);
  let first = -1;
  runs.launch({ runId: id, sessionId: 'bench', name: id, modelId: 'offline', bootstrap });
  const stop = runs.subscribe(id, (event) => {
    if (first < 0 && (event.type === 'text-delta' || event.type === 'message')) first = performance.now() - start;
  });
  await runs.settled(id);
  stop();
  return { first, total: performance.now() - start };
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
  console.log('size      first event  bare first  ratio | 3-step loop  bare loop  ratio');
  let counter = 0;
  for (const size of [1_000, 10_000]) {
    // Frozen as the server's parent cache freezes a parent it registers, so children share it.
    const parent = deepFreeze(withSandboxTools(syntheticParent(size)));
    const question = forkAllBootstrap(parent, 'What does route-3 check?', 'probe');
    const loop = forkAllBootstrap(parent, LOOP_DIRECTIVE, 'probe');
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

    const f = median(firsts);
    const bf = median(bareFirsts);
    const l = median(loops);
    const bl = median(bareLoops);
    console.log(
      `${String(size).padEnd(8)}  ${f.toFixed(1).padStart(8)} ms  ${bf.toFixed(1).padStart(7)} ms  ${(f / bf).toFixed(2).padStart(5)}× | ` +
        `${l.toFixed(1).padStart(8)} ms  ${bl.toFixed(1).padStart(6)} ms  ${(l / bl).toFixed(2).padStart(5)}×`,
    );
  }
  journal.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
