import { z } from 'zod';
import { TEXT_FIELD_MAX_CHARS } from '../input-limits';
import { asSent, forkRequestBase } from '../runtime';

export const DEEP_AGENTS_POLICY = 'deep-agents-fork';

declare module '../fork-policy' {
  interface RegisteredForkPolicies {
    'deep-agents-fork': true;
  }
}

/**
 * How the program declares its fork subagent: a `SubAgent` spec that Deep Agents compiles itself
 * (it mirrors the parent's prompt, tools and middleware), or a `CompiledSubAgent` whose `runnable`
 * brings its own system prompt and tools.
 */
export const DEEP_AGENTS_FORK_KINDS = ['declarative', 'compiled'] as const;
export type DeepAgentsForkKind = (typeof DEEP_AGENTS_FORK_KINDS)[number];

const name = z.string().max(TEXT_FIELD_MAX_CHARS);

/**
 * The subagents the program gave `createDeepAgent`: not the model's to choose, so they are
 * settings beside the call. One fork subagent (`mode: "fork"`) and, after it, any isolated ones
 * by name; `general-purpose` is always there unless the program names a subagent so.
 */
export const deepAgentsProgramSchema = z.strictObject({
  fork: z.strictObject({
    name,
    kind: z.enum(DEEP_AGENTS_FORK_KINDS),
    /** Declarative: the spec's `systemPrompt`, appended to the parent's. Compiled: the runnable's own prompt. */
    systemPrompt: z.string().max(TEXT_FIELD_MAX_CHARS).optional(),
    /** Names of the parent's tools the spec's `tools` (or the runnable) holds; left out, a declarative fork has the parent's. */
    tools: z.array(name).max(200).optional(),
    /** The spec's `model` (or the runnable's); left out, the parent's. */
    model: name.optional(),
  }),
  /** The program's isolated subagents (`mode` left out or `"isolated"`), in its order. */
  isolated: z.array(name).max(200).optional(),
});

export type DeepAgentsProgram = z.infer<typeof deepAgentsProgramSchema>;

/** What `createDeepAgent` is given when the settings are left as they are: one declarative fork, `forker`. */
export const DEFAULT_PROGRAM: DeepAgentsProgram = { fork: { name: 'forker', kind: 'declarative' } };

/**
 * The `task` call's arguments as the model sends them. Its `description` is the task itself, so it
 * is the request's directive; `subagent_type` picks the subagent.
 */
export const deepAgentsForkRequestSchema = z.strictObject({
  policy: z.literal(DEEP_AGENTS_POLICY),
  ...forkRequestBase,
  /** The program's subagents; left out, {@link DEFAULT_PROGRAM}. */
  program: deepAgentsProgramSchema.optional(),
  /**
   * The call's arguments as the model wrote them, kept only when the tool's input schema refuses
   * them (a `description` or `subagent_type` that is not text): the refusal quotes them.
   */
  call: z.record(z.string(), z.unknown()).optional(),
  params: z.strictObject({ subagent_type: asSent }),
});

export type DeepAgentsForkRequest = z.infer<typeof deepAgentsForkRequestSchema>;
