import type { z } from 'zod';
import { claudeCodeRuntime } from './claude-code/claude-code-runtime';
import { codexRuntime } from './codex/codex-runtime';
import { deepAgentsRuntime } from './deep-agents/deep-agents-runtime';
import { deepSeekRuntime } from './deepseek/deepseek-runtime';
import type { ForkPolicy } from './fork-policy';
import { agentSwarmRuntime } from './kimi/agent-swarm-runtime';
import { kimiRuntime } from './kimi/kimi-runtime';
import { qwenRuntime } from './qwen/qwen-runtime';
import type { ForkRuntime } from './runtime';
import { RUNTIME_VERSION_FIELD } from './runtime-controls';

/**
 * Every runtime Fork Lab reproduces, in the order the picker shows them. Adding a runtime is its
 * folder and one entry here: the engine, the UI, URLs, exports, the parent's Agent tool and the
 * HTTP API all read this list.
 */
export const FORK_RUNTIMES = [qwenRuntime, kimiRuntime, agentSwarmRuntime, deepSeekRuntime, codexRuntime, claudeCodeRuntime, deepAgentsRuntime] as const;

type Registered = (typeof FORK_RUNTIMES)[number];

export type { ForkPolicy } from './fork-policy';

/** True when two types are the same set. */
type SameSet<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// The policies the runtimes' folders declare are exactly the ones registered here: a folder that
// declares its policy and is left out of the list, or one listed without declaring it, fails here.
const everyDeclaredPolicyRegistered: SameSet<Registered['policy'], ForkPolicy> = true;
void everyDeclaredPolicyRegistered;

/** What to fork and how: a policy, its parameters as the runtime takes them, and the task. */
export type ForkRequest = z.infer<Registered['requestSchema']>;

export const FORK_POLICIES = FORK_RUNTIMES.map((runtime) => runtime.policy);

export function isForkPolicy(value: unknown): value is ForkPolicy {
  return FORK_POLICIES.some((policy) => policy === value);
}

/**
 * The runtime a name means: its id, or one of its aliases (the shipped runtime's npm name, its
 * command), in any case; undefined for a name no runtime answers to.
 */
export function forkPolicyNamed(name: string): ForkPolicy | undefined {
  const wanted = name.trim().toLowerCase();
  return FORK_RUNTIMES.find((runtime) => runtime.policy === wanted || runtime.aliases.includes(wanted))?.policy;
}

/** Every runtime's id with its aliases, for a help text or an error that says what is allowed. */
export function runtimeNamesHelp(): string {
  return FORK_RUNTIMES.map((runtime) => `${runtime.policy} (or ${runtime.aliases.join(', ')})`).join(', ');
}

/** A runtime and, after `@`, one of its release lines: `qwen-code@0.24`, as the CLI, verify and the test kit take it. */
export type RuntimeRuleName = { policy: ForkPolicy; release?: string } | { error: string };

/**
 * `<id or alias>[@<release line>]`, read; a name no runtime answers to, or a line the runtime does
 * not have, is an error that says what is allowed.
 */
export function runtimeRuleNamed(value: string): RuntimeRuleName {
  const at = value.indexOf('@');
  const name = at < 0 ? value : value.slice(0, at);
  const policy = forkPolicyNamed(name);
  if (policy === undefined) return { error: `"${name.slice(0, 80)}" is not a runtime; one of ${runtimeNamesHelp()}` };
  if (at < 0) return { policy };
  const release = value.slice(at + 1);
  const lines = runtimeOf(policy).versions.map((version) => version.id);
  const takesRelease = runtimeOf(policy).controls.fields.some((field) => field.name === RUNTIME_VERSION_FIELD);
  if (!takesRelease || !lines.includes(release)) {
    return { error: `${policy} has no release line "${release.slice(0, 40)}"; ${takesRelease ? `its lines: ${lines.join(', ')}` : 'it has one'}` };
  }
  return { policy, release };
}

/** The runtime behind a policy. Widened to the common interface: callers pass it requests as data. */
export function runtimeOf(policy: ForkPolicy): ForkRuntime {
  const runtime: ForkRuntime | undefined = FORK_RUNTIMES.find((candidate) => candidate.policy === policy);
  if (runtime === undefined) throw new Error(`no runtime for policy ${policy}`);
  return runtime;
}

/**
 * The runtimes whose call starts one child: what "every runtime at its defaults" means (the compare
 * view's first variants, a sweep across runtimes). A call that starts a family (Kimi's AgentSwarm)
 * needs a template and items no default can supply, so it is added by name, not by default.
 */
export const ONE_CHILD_RUNTIMES: readonly Registered[] = FORK_RUNTIMES.filter((runtime) => (runtime as ForkRuntime).memberRequest === undefined);
