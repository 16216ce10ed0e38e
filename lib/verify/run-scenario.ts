import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deliveryIn } from './delivery';
import type { RuntimeDriver } from './drivers';
import type { InstalledRuntime } from './install-runtime';
import { nestedRefusal } from './nested-refusal';
import { startRecordingServer } from './recording-server';
import { runTurn } from './run-turn';
import { NOTES_FILE, type Scenario } from './scenarios';

/** A fork the check found, as the matrix reports it. */
export interface CheckedFork {
  parentId: number;
  childId: number;
  toolCallId: string;
  toolName: string;
  runtime: string;
  announced: { release: string; runtimeVersion: string } | null;
  verdict: 'matches' | 'differs' | 'refused';
  difference: { at: string; expected: string; actual: string } | null;
  errors?: string[];
}

export type CellOutcome = 'matches' | 'differs' | 'refused' | 'no-fork-seen' | 'wrong-fork-count' | 'not-delivered' | 'not-a-fork' | 'runtime-failed';

/** One runtime × scenario: what the traffic showed, and whether that is what the scenario expects. */
export interface MatrixCell {
  runtime: string;
  version: string;
  scenario: string;
  outcome: CellOutcome;
  green: boolean;
  /** A difference the scenario lists as known and not yet settled: reported, not gating. */
  known?: string;
  /** One line for people: the first difference, or what was seen. */
  summary: string;
  forks: CheckedFork[];
  requests: number;
  seconds: number;
  /** The scenario's folder: the runtime's log, its captures (`captures.sqlite`), and each fork's bundle. */
  folder: string;
}

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
export async function runScenario(
  runtime: InstalledRuntime,
  driver: RuntimeDriver,
  scenario: Scenario,
  options: { folder: string; timeoutMs: number },
): Promise<MatrixCell> {
  const started = performance.now();
  const folder = options.folder;
  const workdir = path.join(folder, 'work');
  const home = path.join(folder, 'home');
  for (const [file, text] of Object.entries({ ...NOTES_FILE, ...scenario.files })) writeAt(path.join(workdir, file), text);
  mkdirSync(home, { recursive: true });
  const server = await startRecordingServer(mkdtempSync(path.join(folder, 'data-')));
  const known = scenario.known?.[runtime.name];
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
  });
  try {
    for (const [file, text] of Object.entries(driver.homeFiles(server.origin))) writeAt(path.join(home, file), text);
    const env = { HOME: home, ...driver.env(server.origin, home) };
    const turns = scenario.turns[runtime.name] ?? [];
    for (const [index, prompt] of turns.entries()) {
      const turn = await runTurn(runtime.executable, driver.args(prompt.replaceAll('{workdir}', workdir), index > 0), {
        cwd: workdir,
        env,
        logFile: path.join(folder, 'runtime.log'),
        timeoutMs: options.timeoutMs,
      });
      if (turn.exitCode !== 0) {
        const why = turn.timedOut
          ? `turn ${index + 1} did not end within ${options.timeoutMs / 1000} s`
          : `turn ${index + 1} exited with ${turn.exitCode ?? 'a signal'}`;
        const listing = await captures(server.origin, workdir);
        return cell('runtime-failed', false, `${why} (see runtime.log)`, listing.forks, listing.captures.length);
      }
    }
    const listing = await captures(server.origin, workdir);
    for (const fork of listing.forks) await saveBundle(server.origin, fork, folder, workdir);
    const store = server.store;
    if (scenario.expect.kind === 'nested-refused') {
      const { sent, planned } = await nestedRefusal(store.list(1000, 256 * 1024 * 1024), scenario.expect.task);
      const requests = listing.captures.length;
      if (sent === null) return cell('no-fork-seen', false, 'no request carries the fork’s own Agent call and its answer', listing.forks, requests);
      if (planned === null)
        return cell('differs', false, `the runtime answered “${sent.slice(0, 200)}”; Fork Lab’s rules let the call through`, listing.forks, requests);
      return sent === planned
        ? cell('refused', true, `refused alike: “${sent.slice(0, 200)}”`, listing.forks, requests)
        : cell('differs', false, `the runtime answered “${sent.slice(0, 300)}” — Fork Lab’s rules: “${planned.slice(0, 300)}”`, listing.forks, requests);
    }
    return judge(
      scenario,
      listing,
      (id) => store.get(id)?.requestBody ?? '',
      store.list(1000, 256 * 1024 * 1024).map((capture) => capture.requestBody),
      cell,
      turns.at(-1) ?? '',
    );
  } finally {
    await server.close();
  }
}

/** The body of the last request of the parent's session (the one its fork was called from). */
function lastParentRequest(listing: CapturesListing, parentId: number, bodyOf: (id: number) => string): string {
  const session = listing.sessions.find((candidate) => candidate.captureIds.includes(parentId));
  return bodyOf(Math.max(parentId, ...(session?.captureIds ?? [])));
}

function judge(
  scenario: Scenario,
  listing: CapturesListing,
  bodyOf: (id: number) => string,
  bodies: readonly string[],
  cell: (outcome: CellOutcome, green: boolean, summary: string, forks?: CheckedFork[], requests?: number) => MatrixCell,
  lastPrompt: string,
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
      const { delivery, count } = deliveryIn(lastParentRequest(listing, fork.parentId, bodyOf), fork.toolCallId);
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

/**
 * What the fork check makes of the traffic. No runtime is named: each request's user agent
 * announces its runtime and release, and the check reads it by that release's rules (a runtime
 * that announced nothing would be guessed, and the cell would say so). The project is the folder
 * the runtime ran in, whose files a call's rules may read (Qwen's fork profiles).
 */
async function captures(origin: string, project: string): Promise<CapturesListing> {
  const response = await fetch(`${origin}/api/captures?project=${encodeURIComponent(project)}`);
  if (!response.ok) throw new Error(`the captures listing answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as CapturesListing;
}

/** Each fork as a bundle beside the report, to open in the playground. */
async function saveBundle(origin: string, fork: CheckedFork, folder: string, project: string): Promise<void> {
  const query = `parent=${fork.parentId}&call=${encodeURIComponent(fork.toolCallId)}&project=${encodeURIComponent(project)}`;
  const response = await fetch(`${origin}/api/captures/${fork.childId}/fork?${query}`);
  if (response.ok) writeFileSync(path.join(folder, `fork-${fork.parentId}-${fork.childId}.json`), await response.text());
}

function writeAt(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}
