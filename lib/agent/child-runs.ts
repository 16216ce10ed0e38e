import { type LanguageModel, type ModelMessage, stepCountIs, streamText, type ToolSet } from 'ai';
import { deepFreeze, type ForkBootstrapRecord, reviveChildHistory, type ToolDeclaration } from '@/lib/fork';
import type { PredictedCache, RunEvent, RunRecord, RunStatus } from '@/lib/fork-exchange/run-record';
import { readStepUsage, type StepUsage } from '@/lib/wire/reported-usage';
import type { RunJournal } from './run-journal';

export interface ChildRunDependencies {
  journal: RunJournal;
  model(id: string): LanguageModel;
  tools(sessionId: string, declarations: readonly ToolDeclaration[]): ToolSet;
  /** Make a provider's message safe to store and show. */
  redact(text: string): string;
  maxSteps?: number;
  /** A run still going after this long fails as a timeout (a provider that never answers). */
  runTimeoutMs?: number;
  /** Runs that may be in progress at once; more are refused until one settles. */
  maxRunning?: number;
}

export class RunNotFoundError extends Error {
  override readonly name = 'RunNotFoundError';
  constructor(id: string) {
    super(`There is no child run "${id}".`);
  }
}

export class RunStateError extends Error {
  override readonly name = 'RunStateError';
}

/** What a run in progress needs of its record (the rest, the bootstrap above all, it is given). */
type RunTarget = Pick<RunRecord, 'id' | 'sessionId' | 'modelId'>;

interface ActiveRun {
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Children running on the server, detached from any request: `launch` writes the bootstrap
 * record, starts the run and returns at once. Each run streams its events to whoever subscribes
 * (a browser tab, a test) and to the journal, so a reload re-attaches and a restarted server can
 * revive it from its record.
 */
export class ChildRuns {
  readonly #active = new Map<string, ActiveRun>();
  readonly #listeners = new Map<string, Set<(event: RunEvent) => void>>();
  readonly #partial = new Map<string, string>();

  constructor(private readonly deps: ChildRunDependencies) {}

  launch(input: {
    runId: string;
    sessionId: string;
    name: string;
    modelId: string;
    bootstrap: ForkBootstrapRecord;
    predictedCache?: PredictedCache | null;
  }): RunRecord {
    // Resolve the model first: an unknown model fails the launch, not a half-started run.
    this.deps.model(input.modelId);
    if (this.deps.journal.getRun(input.runId) !== null) throw new RunStateError(`A child run "${input.runId}" already exists: launch with a new id.`);
    this.#checkCapacity();
    const run = this.deps.journal.createRun({ ...input, id: input.runId, policy: input.bootstrap.policy });
    // The run keeps the caller's record, not the journal's read-back: that one is a fresh parse of
    // the whole history, while the caller's shares a registered parent's frozen messages.
    this.#start(run, input.bootstrap, reviveChildHistory(input.bootstrap, [], input.runId));
    return run;
  }

  /** Continue a run that was interrupted, failed or stopped, from its bootstrap record and its messages. */
  revive(runId: string): RunRecord {
    const run = this.#require(runId);
    if (this.#active.has(runId)) throw new RunStateError(`Child run "${runId}" is already running.`);
    if (run.status === 'finished') throw new RunStateError(`Child run "${runId}" has finished; there is nothing to continue.`);
    this.#checkCapacity();
    // Frozen, the record read back is shared by the revived history instead of copied into it.
    const bootstrap = deepFreeze(run.bootstrap);
    // Throws BootstrapMissingError, which says the bootstrap transcript is missing.
    const history = reviveChildHistory(bootstrap, this.deps.journal.messages(runId), runId);
    const floor = bootstrap!.initialMessages.length + 1;
    this.deps.journal.replaceMessages(runId, history.slice(floor));
    this.deps.journal.setStatus(runId, 'running');
    const revived = this.deps.journal.getRun(runId)!;
    this.#start(revived, bootstrap!, history);
    return revived;
  }

  /** Abort a running child on the server. */
  stop(runId: string): boolean {
    const active = this.#active.get(runId);
    if (active === undefined) return false;
    active.controller.abort(new Error('Stopped by the person.'));
    return true;
  }

  /** Wait for a run to settle (tests, shutdown). */
  async settled(runId: string): Promise<void> {
    await this.#active.get(runId)?.done;
  }

  /** The journal's record of a run. */
  record(runId: string): RunRecord | null {
    return this.deps.journal.getRun(runId);
  }

  get running(): number {
    return this.#active.size;
  }

  /** Watch a run: the listener gets a snapshot first, then every event as it happens. */
  subscribe(runId: string, listener: (event: RunEvent) => void): () => void {
    const { bootstrap: _, ...run } = this.#require(runId);
    listener({ type: 'snapshot', run, messages: this.deps.journal.messages(runId), partialText: this.#partial.get(runId) ?? '' });
    const listeners = this.#listeners.get(runId) ?? new Set();
    listeners.add(listener);
    this.#listeners.set(runId, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.#listeners.delete(runId);
    };
  }

  #checkCapacity(): void {
    const limit = this.deps.maxRunning ?? 32;
    if (this.#active.size >= limit) {
      throw new RunStateError(`${this.#active.size} children are running, the most this server runs at once (${limit}). Stop one or wait for one to finish.`);
    }
  }

  #require(runId: string): RunRecord {
    const run = this.deps.journal.getRun(runId);
    if (run === null) throw new RunNotFoundError(runId);
    return run;
  }

  #emit(runId: string, event: RunEvent): void {
    for (const listener of this.#listeners.get(runId) ?? []) {
      try {
        listener(event);
      } catch {
        // A watcher that fails (a closed stream) must not stop the run.
      }
    }
  }

  #start(run: RunRecord, bootstrap: ForkBootstrapRecord, history: ModelMessage[]): void {
    const controller = new AbortController();
    // Nothing that outlives this call may hold `run`: the journal's record carries a parse of the
    // child's whole history, which a running child must not keep.
    const target: RunTarget = { id: run.id, sessionId: run.sessionId, modelId: run.modelId };
    const done = this.#run(target, bootstrap, history, controller)
      // #run reports its own failures; this only keeps a broken journal from becoming an unhandled rejection.
      .catch(() => undefined)
      .finally(() => {
        this.#active.delete(target.id);
        this.#partial.delete(target.id);
      });
    this.#active.set(target.id, { controller, done });
  }

  #recordUsage(runId: string, stepUsage: StepUsage): void {
    const usage = readStepUsage(stepUsage);
    if (usage === null) return;
    let kept = false;
    try {
      kept = this.deps.journal.setReportedUsage(runId, usage);
    } catch {
      // The figures are a comparison, not the run: a journal that cannot take them must not stop it.
    }
    // A revived run's first step is not the child's first request: the journal kept the first one, and so do watchers.
    if (kept) this.#emit(runId, { type: 'usage', usage });
  }

  async #run(run: RunTarget, bootstrap: ForkBootstrapRecord, history: ModelMessage[], controller: AbortController): Promise<void> {
    const { journal } = this.deps;
    const started = performance.now();
    const finish = (status: RunStatus, finalOutput: string | null, error: string | null) => {
      // Watchers hear the outcome even if the journal cannot take it (a full disk); a run the
      // journal still calls running is marked interrupted at the next start.
      this.#emit(run.id, { type: 'status', status, finalOutput, error, seconds: (performance.now() - started) / 1000 });
      try {
        journal.setStatus(run.id, status, { finalOutput, error });
      } catch {
        // nothing more to do: the event above already told every watcher
      }
    };
    this.#emit(run.id, { type: 'status', status: 'running', finalOutput: null, error: null });
    let written = 0;
    let streamError: unknown = null;
    try {
      const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(this.deps.runTimeoutMs ?? 120_000)]);
      const result = streamText({
        model: this.deps.model(run.modelId),
        system: bootstrap.systemInstruction,
        messages: history,
        // System and developer messages a runtime keeps in its history (Codex forks them) are sent where they stood.
        allowSystemInMessages: true,
        tools: this.deps.tools(run.sessionId, bootstrap.tools),
        stopWhen: stepCountIs(this.deps.maxSteps ?? 8),
        maxRetries: 0,
        abortSignal: signal,
        onError: ({ error }) => {
          streamError = error;
        },
        onStepFinish: (step) => {
          // The first step is the child's first request: its usage is what the cache forecast predicted.
          if (written === 0) this.#recordUsage(run.id, step.usage);
          // Each step's response holds every message of this call so far; journal the new ones.
          this.#partial.delete(run.id);
          for (const message of step.response.messages.slice(written)) {
            const seq = journal.appendMessage(run.id, message as ModelMessage);
            this.#emit(run.id, { type: 'message', seq, message: message as ModelMessage });
          }
          written = step.response.messages.length;
        },
      });
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') {
          this.#partial.set(run.id, (this.#partial.get(run.id) ?? '') + part.text);
          this.#emit(run.id, { type: 'text-delta', text: part.text });
        }
        if (part.type === 'error') streamError = part.error;
      }
      if (streamError !== null) throw streamError;
      // A timeout after a completed step ends the stream with an abort part, not an error.
      if (signal.aborted) throw signal.reason;
      finish('finished', await result.text, null);
    } catch (error) {
      if (controller.signal.aborted) finish('stopped', null, 'Stopped by the person.');
      else finish('failed', null, this.deps.redact(describeError(error)));
    }
  }
}

/** A provider failure in one line: the status and the provider's own message when there is one. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const details = error as Error & { statusCode?: number; responseBody?: string };
    if (error.name === 'TimeoutError' || /aborted due to timeout/i.test(error.message)) return 'The model did not answer in time (timeout).';
    const status = details.statusCode === undefined ? '' : `HTTP ${details.statusCode}: `;
    return `${status}${error.message}`;
  }
  return String(error);
}
