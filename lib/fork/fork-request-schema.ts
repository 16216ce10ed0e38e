import { z } from 'zod';
import { isRecord } from '@/lib/json/is-record';
import { ForkRequestValidationError } from './errors';
import type { ForkRequestSchema, ForkRuntime } from './runtime';
import { FORK_RUNTIMES, type ForkPolicy, type ForkRequest, forkPolicyNamed, isForkPolicy, runtimeNamesHelp } from './runtimes';
import { issuesOf } from './transcript/transcript-schema';

/** Each registered runtime's request schema, as a tuple (`map` cannot keep a tuple's element types). */
type SchemasOf<T extends readonly unknown[]> = { -readonly [K in keyof T]: T[K] extends ForkRuntime<infer S extends ForkRequestSchema> ? S : never };

const requestOfAnyRuntime = z.discriminatedUnion('policy', FORK_RUNTIMES.map((runtime) => runtime.requestSchema) as unknown as SchemasOf<typeof FORK_RUNTIMES>);

/**
 * A fork request as JSON, for any registered runtime. Parameter values stay as sent: the runtimes'
 * own checks judge them. `policy` may be an alias of the runtime's id (`qwen-code`), read as the id.
 */
export const forkRequestSchema = z.preprocess((input) => {
  if (!isRecord(input) || typeof input.policy !== 'string' || isForkPolicy(input.policy)) return input;
  const policy = forkPolicyNamed(input.policy);
  return policy === undefined ? input : { ...input, policy };
}, requestOfAnyRuntime);

/** Validate a fork request's shape; throws `ForkRequestValidationError` naming every bad value. */
export function parseForkRequest(input: unknown, pathPrefix = ''): ForkRequest {
  const result = forkRequestSchema.safeParse(input);
  if (!result.success) throw new ForkRequestValidationError(issuesOf(result.error, pathPrefix));
  return result.data;
}

/** A runtime named by its id or an alias, read as its id; the error says every name it answers to. */
export const forkPolicySchema = z.string().transform((name, context): ForkPolicy => {
  const policy = forkPolicyNamed(name);
  if (policy === undefined) {
    context.addIssue({ code: 'custom', message: `not a runtime: "${name.slice(0, 80)}"; one of ${runtimeNamesHelp()}` });
    return z.NEVER;
  }
  return policy;
});
