/**
 * `npm run bench` (registration part): a parent is registered again after every edit. Registering
 * a parent of 5,000 messages of distinct text (8.5 MB of prose with numbers and paths, so
 * tokenising dominates as it does for a real session, where no two tool outputs are alike) with one message edited, against registering
 * it the first time, in the same run (target ≤ 0.2×): only the edited message is tokenised again.
 *
 * Run with `--conditions=react-server`: the parent cache is server-only.
 */
import { performance } from 'node:perf_hooks';
import { clearMergeCache } from 'gpt-tokenizer';
import type { ParentTranscript } from '../lib/fork';
import { ParentCache } from '../lib/fork-service/parent-cache';
import { median } from './bench-timing';

const TARGET = 0.2;
const RUNS = 3;
const MESSAGES = 5_000;
const SENTENCES_PER_MESSAGE = 20;

/** Prose with numbers and paths in it, no two messages alike (as no two tool outputs are). */
function distinctParent(run: number): ParentTranscript {
  const messages = Array.from({ length: MESSAGES }, (_, index) => {
    const text = Array.from(
      { length: SENTENCES_PER_MESSAGE },
      (_, sentence) =>
        `Run ${run}, step ${index}.${sentence}: read src/module-${(index * 31 + sentence) % 997}.ts, where compute(${index * sentence}) returns ${(index * 7919 + sentence * 104_729) % 1_000_003} for build ${index + sentence}.`,
    ).join(' ');
    return index % 2 === 0
      ? { id: `u${index}`, message: { role: 'user' as const, content: text } }
      : { id: `a${index}`, message: { role: 'assistant' as const, content: text } };
  });
  return { profile: { agentId: 'main', name: 'agent', systemInstruction: '', tools: [], model: 'fork-lab-offline', depth: 0 }, messages };
}

async function main(): Promise<void> {
  // Each side is the median of a few alternating runs: one registration is a few seconds of
  // tokenising, and a single pair read 0.09× and 0.30× on the same commit with other work running.
  const firsts: number[] = [];
  const agains: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    // A parent of its own per run: messages counted in an earlier run would be looked up, not counted.
    const parent = distinctParent(run);
    const edited = structuredClone(parent);
    edited.messages[10] = { ...edited.messages[10]!, message: { role: 'user', content: `Edited in run ${run}: and check the month offset too.` } };
    clearMergeCache();
    let start = performance.now();
    await new ParentCache().register(parent);
    firsts.push(performance.now() - start);
    clearMergeCache();
    start = performance.now();
    await new ParentCache().register(edited);
    agains.push(performance.now() - start);
  }
  const firstMs = median(firsts);
  const againMs = median(agains);

  const ratio = againMs / firstMs;
  console.log(`registering a parent of ${MESSAGES.toLocaleString('en-US')} distinct messages (median of ${RUNS} runs each)`);
  console.log(`first time                      ${firstMs.toFixed(0)} ms`);
  console.log(`again with one message edited   ${againMs.toFixed(0)} ms`);
  console.log(`ratio                           ${ratio.toFixed(3)}×  (target ≤ ${TARGET}×) ${ratio <= TARGET ? 'ok' : 'MISSED'}`);
  if (ratio > TARGET) process.exitCode = 1;
}

void main();
