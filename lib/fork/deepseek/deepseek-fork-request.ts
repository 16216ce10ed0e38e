import { z } from 'zod';
import { asSent, forkRequestBase } from '../runtime';

export const DEEPSEEK_POLICY = 'deepseek-completed-turns';

declare module '../fork-policy' {
  interface RegisteredForkPolicies {
    'deepseek-completed-turns': true;
  }
}

/** DeepSeek Harness fork options; the same options a fresh spawn takes. */
export const deepSeekForkRequestSchema = z.strictObject({
  policy: z.literal(DEEPSEEK_POLICY),
  ...forkRequestBase,
  params: z.strictObject({
    /** The call's short description of the task, for display (0.1's tool takes it beside the prompt). */
    description: asSent,
    /** Whether the call runs the child as a background job (0.1): the parent then collects it with `job_output`. */
    run_in_background: asSent,
    /** The deepest a child may be (the main agent is depth 0). Defaults to 3. */
    maxDepth: asSent,
    /** The child's persona: 0.1 puts it in place of the deployment's persona section, the code-read rules in place of the whole system instruction. */
    persona: asSent,
    /** Names of the tools the child may use, from the runtime's registry. */
    toolFilter: asSent,
    /**
     * A JSON Schema (object-rooted) the child must answer in, through its own `structured_output`
     * tool. Programmatic callers set it (a workflow); the model's delegation tool has no such option.
     */
    outputSchema: asSent,
  }),
});

export type DeepSeekForkRequest = z.infer<typeof deepSeekForkRequestSchema>;
export type DeepSeekForkParams = DeepSeekForkRequest['params'];
