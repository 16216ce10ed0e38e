/**
 * `npm run bench` (cache): what the cache forecast of one fork of a 10,000-message parent costs —
 * both requests as segments, every provider's replay through its cache, the miss explainer and
 * the acceptance checks — against the plan of the same fork, measured in the same run. Targets:
 * at most 3× the plan (six providers each replay both requests once; the explainer and the
 * acceptance checks read the child once), and twice the parent at most 2.5× the time (linear).
 */
import { deepFreeze, type ForkRequest, type ParentTranscript, planFork } from '../lib/fork';
import { forkCacheReport } from '../lib/provider-cache/fork-cache-report';
import { forkCacheRequests } from '../lib/provider-cache/fork-cache-requests';
import { PROVIDER_RULES } from '../lib/provider-cache/provider-rules';
import { syntheticParent } from '../lib/scenarios/synthetic-parent';
import { timeInTurns } from './bench-timing';

const request: ForkRequest = { policy: 'kimi-fork', directive: 'Add tests.', params: { description: 'Fork', fork: true } };

function forecast(parent: ParentTranscript) {
  const plan = planFork(parent, request);
  const child = plan.child!;
  // Counts are the server's registered figures; a fixed count stands in for them here.
  const requests = forkCacheRequests(parent, plan.window!.end, child, {
    parentMessage: () => 40,
    childMessages: child.initialMessages.map(() => 40),
    firstPrompt: 10,
    parentSystem: 200,
    childSystem: 200,
    tool: () => 50,
  });
  return () => forkCacheReport([{ atMs: 0, requests }], PROVIDER_RULES);
}

const results: { label: string; ratio: number; target: number }[] = [];
const parent10k = deepFreeze(syntheticParent(10_000));
const parent20k = deepFreeze(syntheticParent(20_000));
// Each side is a few milliseconds: sampled in turns, 15 samples of at least 60 ms each.
const { plan10k, forecast10k, forecast20k } = timeInTurns(
  { plan10k: () => planFork(parent10k, request), forecast10k: forecast(parent10k), forecast20k: forecast(parent20k) },
  { samples: 15, minSampleMs: 60 },
);
console.log('cache: the forecast of one fork for six providers (segments, replay, explainer, acceptance) vs its plan');
console.log(`plan 10k ${plan10k.toFixed(1)} ms · forecast 10k ${forecast10k.toFixed(1)} ms · forecast 20k ${forecast20k.toFixed(1)} ms`);
results.push({ label: 'forecast / plan at 10k', ratio: forecast10k / plan10k, target: 3 });
results.push({ label: 'forecast 20k / forecast 10k', ratio: forecast20k / forecast10k, target: 2.5 });
for (const { label, ratio, target } of results) {
  const ok = ratio <= target;
  console.log(`${ok ? 'ok  ' : 'MISS'}  ${label}: ${ratio.toFixed(3)} (target ≤ ${target})`);
  if (!ok) process.exitCode = 1;
}
