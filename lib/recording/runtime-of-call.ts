import { type ChildMessage, FORK_RUNTIMES, type ForkPolicy, type ModelMessage, versionForRelease } from '@/lib/fork';
import type { ForkFinding } from './fork-finding';
import { text } from './message-shape';

/** A runtime and release a request announces, and the rules of its that the check reads it by. */
export interface Announcement {
  policy: ForkPolicy;
  release: string;
  runtimeVersion: string;
}

/**
 * The runtime and release a request's headers announce (Qwen's, Kimi's and Claude Code's user
 * agent, Codex's). One product may be several runtimes of the registry (Kimi's Agent tool and its
 * AgentSwarm): named a call's tool, the one whose tool it is.
 */
export function announcedBy(headers: Readonly<Record<string, string>> | undefined, policy?: ForkPolicy, toolName?: string): Announcement | null {
  if (headers === undefined) return null;
  const announcing = FORK_RUNTIMES.flatMap((runtime) => {
    if (policy !== undefined && runtime.policy !== policy) return [];
    const release = runtime.announcedRelease?.(headers) ?? null;
    return release === null ? [] : [{ runtime, release }];
  });
  const byTool =
    toolName === undefined ? undefined : announcing.find(({ runtime }) => runtime.agentTool.declaration.name.toLowerCase() === toolName.toLowerCase());
  const chosen = byTool ?? announcing[0];
  if (chosen === undefined) return null;
  return { policy: chosen.runtime.policy, release: chosen.release, runtimeVersion: versionForRelease(chosen.runtime.versions, chosen.release).id };
}

/** A runtime's verdict on one call, with how much of its own framing the child carried. */
export type Judged = Omit<ForkFinding, 'guessed' | 'guessedFrom'> & { boilerplate: number };

export function named({ boilerplate: _, ...finding }: Judged): ForkFinding {
  return { ...finding, guessed: false, guessedFrom: null };
}

/**
 * Of the runtimes whose Agent tool fits a call, the one the child most likely came from: the first
 * whose rules reproduce it; else the one whose own framing it carries most (several runtimes
 * share a tool's shape, but each words its directive and notices its own way); else the first that fits.
 */
export function bestGuess(judged: readonly Judged[]): ForkFinding | undefined {
  const reproduced = judged.find((finding) => finding.verdict === 'matches');
  if (reproduced !== undefined) return { ...named(reproduced), guessed: true, guessedFrom: 'rules' };
  const framed = judged.reduce<Judged | undefined>((best, finding) => (finding.boilerplate > (best?.boilerplate ?? 0) ? finding : best), undefined);
  if (framed !== undefined) return { ...named(framed), guessed: true, guessedFrom: 'boilerplate' };
  return judged[0] === undefined ? undefined : { ...named(judged[0]), guessed: true, guessedFrom: 'agent-tool' };
}

/**
 * How many of the messages a runtime's rules write themselves (its framing of the task, notices,
 * acknowledgements) the child's request carries word for word. The task's own words are left
 * out: every runtime sends them.
 */
export function framingCarried(planned: readonly ChildMessage[], actual: readonly ModelMessage[], task: string): number {
  const sent = new Set(actual.map((message) => `${message.role}\u0000${text(message)}`));
  return planned.filter(({ message, source }) => {
    const words = text(message);
    return source.kind === 'synthetic' && words.trim() !== '' && words.trim() !== task && sent.has(`${message.role}\u0000${words}`);
  }).length;
}

/** Every runtime whose Agent tool has the call's name and declares every argument it sent, in registry order. */
export function fittingRuntimes(toolName: string, input: unknown): ForkPolicy[] {
  const keys = input !== null && typeof input === 'object' ? Object.keys(input) : [];
  return FORK_RUNTIMES.filter((candidate) => {
    const declared = candidate.agentTool.declaration;
    const properties = Object.keys((declared.inputSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
    return declared.name.toLowerCase() === toolName.toLowerCase() && keys.every((key) => properties.includes(key));
  }).map((candidate) => candidate.policy);
}
