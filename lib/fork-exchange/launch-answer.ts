import type { ForkBootstrapRecord } from '@/lib/fork';
import type { RunRecord } from '@/lib/fork-exchange/run-record';
import type { ChildLaunch } from './answers';

type LaunchedChild = Extract<ChildLaunch, { status: 'ok' }>;

/** What the browser keeps of the run it started: the rest streams from the run's events. */
export type StartedRun = Pick<RunRecord, 'status' | 'predictedCache'>;

/**
 * A started child as it crosses to the browser. The bootstrap record's messages are the plan's
 * child messages again, message for message, so they travel once: on a 10,000-message parent the
 * answer was three copies (plan, bootstrap and the run's bootstrap), 6.7 MB the page parsed in one
 * task, for a browser that needs one.
 */
export type LaunchAnswer =
  | (Omit<LaunchedChild, 'bootstrap'> & { bootstrap: Omit<ForkBootstrapRecord, 'initialMessages'>; run?: StartedRun })
  | Exclude<ChildLaunch, { status: 'ok' }>;

export function launchAnswer(launch: ChildLaunch, run?: RunRecord): LaunchAnswer {
  if (launch.status !== 'ok') return launch;
  const { initialMessages: _, ...bootstrap } = launch.bootstrap;
  return { ...launch, bootstrap, ...(run === undefined ? {} : { run: { status: run.status, predictedCache: run.predictedCache } }) };
}

/** The bootstrap record an answer stands for, its messages taken from the plan it came with. */
export function bootstrapOf(answer: Extract<LaunchAnswer, { status: 'ok' }>): ForkBootstrapRecord {
  const child = answer.plan.child;
  if (child === null) throw new Error('A started child always has a planned child: this launch answer has none.');
  return { ...answer.bootstrap, initialMessages: child.initialMessages.map((entry) => entry.message) };
}
