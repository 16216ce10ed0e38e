import type { ForkBootstrapRecord, ForkPlan, ForkRequest, ModelMessage, ParentTranscript, TranscriptMessage } from '@/lib/fork';

export const FORK_BUNDLE_KIND = 'fork-lab/fork-bundle';
/** Bumped when a field changes meaning; importers refuse versions they do not know. */
export const FORK_BUNDLE_VERSION = 1;

/** A bundled child: what it was given and what it has done so far. */
export interface BundleChild {
  name: string;
  /** The fork request that made it (policy, parameters, directive, fork point). */
  request: ForkRequest;
  /** The engine's plan for it, exactly as it was made; `plan.child` is what the child received. */
  plan: ForkPlan;
  /** The record a Qwen fork persists to be revived (null for policies that write none). */
  bootstrap: ForkBootstrapRecord | null;
  /** Messages the child produced after its inherited history. */
  ownMessages: TranscriptMessage[];
  /**
   * The child's whole transcript so far, for tools that do not read plans: its system instruction
   * (as a system message), its inherited messages, its first prompt, then its own messages.
   */
  transcript: ModelMessage[];
  status: string;
  modelId: string | null;
  finalOutput: string | null;
  /** When the child was launched (ISO 8601). */
  launchedAt?: string;
  /** Children one call launched together (Kimi's AgentSwarm) share this id. */
  familyId?: string;
  /**
   * The child's isolation hashes as recorded at launch: the parent's revision and SHA-256 then, and
   * the SHA-256 of what it inherited. A restored child compares them with the bundle's parent, so a
   * parent that moved on since the fork still shows that it did.
   */
  isolation?: { parentRevision: number; parentHash: string; inheritedHash: string };
}

/**
 * Everything needed to replay a fork elsewhere or restore it in Fork Lab: the parent, the request
 * selected on it, the plan, and the children. Importing a bundle re-plans the request on the parent
 * and reports any difference, so a bundle made by an older engine shows what changed.
 */
export interface ForkBundle {
  kind: typeof FORK_BUNDLE_KIND;
  version: typeof FORK_BUNDLE_VERSION;
  exportedAt: string;
  title: string;
  parent: ParentTranscript;
  /** The request selected on the parent when the bundle was made. */
  request: ForkRequest;
  /** The plan for `request` on `parent`. */
  plan: ForkPlan;
  children: BundleChild[];
}

/**
 * The child's whole transcript, ready to replay with the AI SDK: its system instruction as a
 * leading system message, the inherited history, the first prompt, then what it said and did.
 */
export function childTranscript(plan: ForkPlan, ownMessages: readonly TranscriptMessage[]): ModelMessage[] {
  const child = plan.child;
  if (child === null) return ownMessages.map((entry) => entry.message);
  return [
    ...(child.systemInstruction === '' ? [] : [{ role: 'system' as const, content: child.systemInstruction }]),
    ...child.initialMessages.map((entry) => entry.message),
    child.firstPrompt.message,
    ...ownMessages.map((entry) => entry.message),
  ];
}

export function forkBundle(input: {
  title: string;
  parent: ParentTranscript;
  request: ForkRequest;
  plan: ForkPlan;
  children: Omit<BundleChild, 'transcript'>[];
  exportedAt?: Date;
}): ForkBundle {
  return {
    kind: FORK_BUNDLE_KIND,
    version: FORK_BUNDLE_VERSION,
    exportedAt: (input.exportedAt ?? new Date()).toISOString(),
    title: input.title,
    parent: input.parent,
    request: input.request,
    plan: input.plan,
    children: input.children.map((child) => ({ ...child, transcript: childTranscript(child.plan, child.ownMessages) })),
  };
}
