import { z } from 'zod';
import { type ForkRequest, forkRequestSchema, type ParentTranscript, parentTranscriptSchema } from '@/lib/fork';

/** A built-in parent conversation that shows one fork behaviour, with the request that shows it. */
export interface Scenario {
  id: string;
  title: string;
  /** The behaviour this scenario exists to show, in one sentence. */
  shows: string;
  transcript: ParentTranscript;
  request: ForkRequest;
}

export const scenarioSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/, 'scenario ids are lower-case words joined by dashes'),
  title: z.string().min(1),
  shows: z.string().min(1),
  transcript: parentTranscriptSchema,
  request: forkRequestSchema,
});

/** Validate a scenario file's contents. */
export function parseScenario(input: unknown): Scenario {
  return scenarioSchema.parse(input) as Scenario;
}
