import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runtimeOf } from '@/lib/fork';
import { PROVIDER_RULES, type ProviderId } from '@/lib/provider-cache/provider-rules';
import type { Capture } from '@/lib/recording/capture-store';
import { forkCacheReuse } from '@/lib/recording/fork-cache-reuse';
import type { CellCheck, CellOutcome, CheckedFork, MatrixCell } from '@/lib/runtime-matrix/runtime-matrix';
import { callRefusal } from './call-refusal';
import { deliveryIn, lastParentRequestId } from './delivery';
import { DriverOutputError, driverArgs, driverTexts } from './driver-output';
import type { RuntimeDriver } from './drivers';
import { runtimePath } from './install-runtime';
import { startRecordingServer } from './recording-server';
import { runTurn } from './run-turn';
import type { RuntimeUnderTest } from './runtime-under-test';
import { NOTES_FILE, promptOf, type Scenario, scenarioFor } from './scenario';

/** One runtime × scenario: what the traffic showed, and whether that is what the scenario expects. */

interface CapturesListing {
  captures: { id: number }[];
  sessions: { captureIds: number[] }[];
  forks: CheckedFork[];
}

/**
 * Drive one runtime through one scenario against a recording endpoint of its own (a fresh store,
 * the offline model answering), then read what Fork Lab's fork check makes of the traffic, by the
 * runtime's own rules.
 */
export async function runScenario(runtime: RuntimeUnderTest, scenario: Scenario, options: { folder: string; timeoutMs: number }): Promise<MatrixCell> {
  const { driver, rules } = runtime;
  const started = performance.now();
  const folder = options.folder;
  const workdir = path.join(folder, 'work');
  const home = path.join(folder, 'home');
  for (const [file, text] of Object.entries({ ...NOTES_FILE, ...scenario.files })) writeAt(path.join(workdir, file), text);
  mkdirSync(home, { recursive: true });
  const server = await startRecordingServer(mkdtempSync(path.join(folder, 'data-')));
  // A shipped runtime's known differences and settings are its own, not those of a runtime that claims its rules.
  const { known, setup } = rules === undefined ? scenarioFor(scenario, runtime.plays) : {};
  const scenarioTurns = scenario.turns[runtime.plays] ?? [];
  const check: CellCheck = {
    ...(rules === undefined ? {} : { runtime: rules.policy, ...(rules.release === undefined ? {} : { version: rules.release }) }),
    settings: setup?.check?.settings,
    started: scenarioTurns.flatMap((turn) => (typeof turn === 'string' ? [] : [turn.fork.prompt])),
  };
  const cell = (outcome: CellOutcome, green: boolean, summary: string, forks: CheckedFork[] = [], requests = 0): MatrixCell => ({
    runtime: runtime.name,
    version: runtime.version,
    scenario: scenario.id,
    outcome,
    green,
    summary,
    forks,
    requests,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    folder,
    ...(known === undefined ? {} : { known }),
    ...(check.runtime === undefined && check.settings === undefined && check.started.length === 0 ? {} : { check }),
  });
  try {
    let env: Record<string, string>;
    let runs: string[][];
    const turns = scenarioTurns.map((turn) => (typeof turn === 'string' ? turn.replaceAll('{workdir}', workdir) : turn));
    const prompts = turns.flatMap((turn) => promptOf(turn) ?? []);
    if (prompts.length !== turns.length && driver.programTurns !== true) {
      throw new Error(`scenario ${scenario.id}: ${runtime.name}'s driver runs no program's fork between turns`);
    }
    try {
      const homeFiles = { ...driverTexts('homeFiles', () => driver.homeFiles(server.origin)), ...setup?.homeFiles?.(server.origin) };
      for (const [file, text] of Object.entries(homeFiles)) writeAt(path.join(home, file), text);
      const driven = driverTexts('env', () => driver.env(server.origin, home));
      for (const name of setup?.withoutEnv ?? []) delete driven[name];
      env = { HOME: home, PATH: runtimePath(runtime), ...driven, ...setup?.env };
      // One process a turn, each continuing the session; or one for all, for a runtime that keeps none between processes.
      const { allTurns } = driver;
      runs =
        allTurns === undefined
          ? prompts.map((prompt, index) => driverArgs('args', () => driver.args(prompt, index > 0)))
          : [driverArgs('allTurns', () => allTurns(turns))];
    } catch (error) {
      if (error instanceof DriverOutputError) return cell('runtime-failed', false, error.message);
      throw error;
    }
    const [command, ...prefix] = runtime.command;
    for (const [index, args] of runs.entries()) {
      const turn = await runTurn(command!, [...prefix, ...args], {
        cwd: workdir,
        env,
        logFile: path.join(folder, 'runtime.log'),
        timeoutMs: options.timeoutMs,
      });
      if (turn.exitCode !== 0) {
        const which = runs.length === 1 && turns.length > 1 ? 'the turns' : `turn ${index + 1}`;
        const why = turn.timedOut ? `${which} did not end within ${options.timeoutMs / 1000} s` : `${which} exited with ${turn.exitCode ?? 'a signal'}`;
        const listing = await captures(server.origin, workdir, check);
        return cell('runtime-failed', false, `${why} (see runtime.log)`, listing.forks, listing.captures.length);
      }
    }
    const listing = await captures(server.origin, workdir, check);
    for (const fork of listing.forks) await saveBundle(server.origin, fork, folder, workdir, check);
    const store = server.store;
    const stored = store.list(1000, 256 * 1024 * 1024);
    // What each fork of a green cell reused of its parent's cache, read off the same traffic.
    const measured = async (made: MatrixCell): Promise<MatrixCell> =>
      made.green ? { ...made, forks: await withCacheReuse(made.forks, stored, runtime.provider) } : made;
    if (scenario.expect.kind === 'nested-refused' || scenario.expect.kind === 'refused') {
      const { sent, planned } = await callRefusal(stored, scenario.expect.task, {
        byFork: scenario.expect.kind === 'nested-refused',
        settings: setup?.check?.settings,
        rules: rules === undefined ? undefined : { policy: rules.policy, runtimeVersion: rules.release ?? runtimeOf(rules.policy).versions[0]!.id },
      });
      const requests = listing.captures.length;
      const call = scenario.expect.kind === 'nested-refused' ? 'the fork’s own Agent call' : 'the Agent call';
      if (sent === null) return cell('no-fork-seen', false, `no request carries ${call} and its answer`, listing.forks, requests);
      if (planned === null)
        return cell('differs', false, `the runtime answered “${sent.slice(0, 200)}”; Fork Lab’s rules let the call through`, listing.forks, requests);
      return sent === planned
        ? measured(cell('refused', true, `refused alike: “${sent.slice(0, 200)}”`, listing.forks, requests))
        : cell('differs', false, `the runtime answered “${sent.slice(0, 300)}” — Fork Lab’s rules: “${planned.slice(0, 300)}”`, listing.forks, requests);
    }
    const judged = judge(
      scenario,
      listing,
      (id) => store.get(id)?.requestBody ?? '',
      stored.map((capture) => capture.requestBody),
      cell,
      prompts.at(-1) ?? '',
      driver.resultArrives,
    );
    return measured(judged);
  } finally {
    await server.close();
  }
}

/** Each fork the rules agree with, with what it reused of its parent's cache, priced by the provider the runtime's users reach. */
async function withCacheReuse(forks: readonly CheckedFork[], captures: readonly Capture[], provider: ProviderId): Promise<CheckedFork[]> {
  return Promise.all(
    forks.map(async (fork) => (fork.verdict === 'matches' ? { ...fork, cache: await forkCacheReuse(captures, fork, PROVIDER_RULES, provider) } : fork)),
  );
}

function judge(
  scenario: Scenario,
  listing: CapturesListing,
  bodyOf: (id: number) => string,
  bodies: readonly string[],
  cell: (outcome: CellOutcome, green: boolean, summary: string, forks?: CheckedFork[], requests?: number) => MatrixCell,
  lastPrompt: string,
  arrives: RuntimeDriver['resultArrives'],
): MatrixCell {
  const { forks } = listing;
  const requests = listing.captures.length;
  const wrong = forks.find((fork) => fork.verdict !== 'matches');
  if (wrong !== undefined) {
    const summary =
      wrong.verdict === 'refused'
        ? `Fork Lab's rules refuse the call the runtime ran: ${wrong.errors?.join(' ') ?? ''}`
        : `request ${wrong.childId} differs at ${wrong.difference?.at}: expected ${wrong.difference?.expected} — sent ${wrong.difference?.actual}`;
    return cell(wrong.verdict, false, summary, forks, requests);
  }
  if (scenario.expect.kind === 'not-a-fork') {
    const { task, sibling } = scenario.expect;
    // A subagent's requests are the ones without the parent's own prompt.
    const subagents = bodies.filter((body) => !body.includes(JSON.stringify(lastPrompt).slice(1, 40)));
    if (forks.length > 0) return cell('matches', false, `${forks.length} fork(s) found; a regular subagent was expected`, forks, requests);
    const missing = [task, ...(sibling === undefined ? [] : [sibling])].find((each) => !subagents.some((body) => body.includes(each)));
    if (missing !== undefined)
      return cell('no-fork-seen', false, `no request carries the subagent’s task ${JSON.stringify(missing)}: it never ran`, forks, requests);
    if (sibling !== undefined && subagents.some((body) => body.includes(task) && body.includes(sibling))) {
      return cell('differs', false, 'a subagent’s request carries its sibling’s task too', forks, requests);
    }
    return cell(
      'not-a-fork',
      true,
      `the subagent${sibling === undefined ? '' : 's'} ran; the check reports no fork${sibling === undefined ? '' : ', and neither carries the other’s task'}`,
      forks,
      requests,
    );
  }
  const expect = scenario.expect;
  if (expect.kind !== 'forks') throw new Error(`judge reads fork scenarios, not ${expect.kind}`);
  const expected = expect.count;
  if (forks.length === 0) return cell('no-fork-seen', false, `no fork in ${requests} requests`, forks, requests);
  if (forks.length !== expected) return cell('wrong-fork-count', false, `${forks.length} forks found, ${expected} expected`, forks, requests);
  if (expect.delivered === true) {
    for (const fork of forks) {
      const { delivery, count } = deliveryIn(bodyOf(lastParentRequestId(listing.sessions, fork.parentId)), fork.toolCallId, arrives);
      if (delivery !== 'delivered') {
        return cell(
          'not-delivered',
          false,
          `the result of fork ${fork.parentId}→${fork.childId} is ${delivery}: ${count} deliveries in the parent’s last request`,
          forks,
          requests,
        );
      }
    }
    return cell('matches', true, `as the rules plan ${forks.length === 1 ? 'it' : 'them'}, and delivered once`, forks, requests);
  }
  return cell(
    'matches',
    true,
    `${forks.length === 1 ? 'the child' : `all ${forks.length} children`} as the rules plan ${forks.length === 1 ? 'it' : 'them'}`,
    forks,
    requests,
  );
}

/** The captures query a cell reads its traffic with: the project, and what `CellCheck` holds. */
export function checkQuery(project: string | null, check: CellCheck): string {
  const query = new URLSearchParams(project === null ? {} : { project });
  if (check.runtime !== undefined) query.set('runtime', check.runtime);
  if (check.version !== undefined) query.set('version', check.version);
  if (check.settings !== undefined) query.set('settings', JSON.stringify(check.settings));
  if (check.started.length > 0) query.set('started', JSON.stringify(check.started));
  return query.toString();
}

/**
 * What the fork check makes of the traffic. No runtime is named: each request's user agent
 * announces its runtime and release, and the check reads it by that release's rules (a runtime
 * that announced nothing would be guessed, and the cell would say so). The project is the folder
 * the runtime ran in, whose files a call's rules may read (Qwen's fork profiles).
 */
async function captures(origin: string, project: string, check: CellCheck): Promise<CapturesListing> {
  const response = await fetch(`${origin}/api/captures?${checkQuery(project, check)}`);
  if (!response.ok) throw new Error(`the captures listing answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as CapturesListing;
}

/** Each fork as a bundle beside the report, to open in the playground. */
async function saveBundle(origin: string, fork: CheckedFork, folder: string, project: string, check: CellCheck): Promise<void> {
  const query = `parent=${fork.parentId}&call=${encodeURIComponent(fork.toolCallId)}&${checkQuery(project, check)}`;
  const response = await fetch(`${origin}/api/captures/${fork.childId}/fork?${query}`);
  if (response.ok) writeFileSync(path.join(folder, `fork-${fork.parentId}-${fork.childId}.json`), await response.text());
}

function writeAt(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}
