import { z } from 'zod';
import { ForkRequestValidationError } from './errors';
import type { ForkRequestSchema, ForkRuntime } from './runtime';
import { FORK_RUNTIMES, type ForkRequest } from './runtimes';
import { issuesOf } from './transcript/transcript-schema';

/** Each registered runtime's request schema, as a tuple (`map` cannot keep a tuple's element types). */
type SchemasOf<T extends readonly unknown[]> = { -readonly [K in keyof T]: T[K] extends ForkRuntime<infer S extends ForkRequestSchema> ? S : never };

/** A fork request as JSON, for any registered runtime. Parameter values stay as sent: the runtimes' own checks judge them. */
export const forkRequestSchema = z.discriminatedUnion(
  'policy',
  FORK_RUNTIMES.map((runtime) => runtime.requestSchema) as unknown as SchemasOf<typeof FORK_RUNTIMES>,
);

/** Validate a fork request's shape; throws `ForkRequestValidationError` naming every bad value. */
export function parseForkRequest(input: unknown, pathPrefix = ''): ForkRequest {
  const result = forkRequestSchema.safeParse(input);
  if (!result.success) throw new ForkRequestValidationError(issuesOf(result.error, pathPrefix));
  return result.data;
}
