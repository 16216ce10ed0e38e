import { z } from 'zod';
import { type ForkRequest, forkRequestSchema, type ParentTranscript, parentTranscriptSchema } from '@/lib/fork';

/**
 * A fact the parent states at a known message, and the question that asks for it: a child that
 * answers it inherited that message; one that cannot, lost it. The default directive asks each.
 */
export interface ScenarioProbe {
  question: string;
  fact: string;
  /** The message that states it. */
  messageId: string;
}

/** A built-in parent conversation that shows one fork behaviour, with the request that shows it. */
export interface Scenario {
  id: string;
  title: string;
  /** The behaviour this scenario exists to show, in one sentence. */
  shows: string;
  transcript: ParentTranscript;
  request: ForkRequest;
  /** The probe facts its parent holds, in the order it states them. */
  probes?: ScenarioProbe[];
}

export const scenarioProbeSchema = z.strictObject({ question: z.string().min(1), fact: z.string().min(1), messageId: z.string().min(1) });

export const scenarioSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/, 'scenario ids are lower-case words joined by dashes'),
  title: z.string().min(1),
  shows: z.string().min(1),
  transcript: parentTranscriptSchema,
  request: forkRequestSchema,
  probes: z.array(scenarioProbeSchema).optional(),
});

/** Validate a scenario file's contents. */
export function parseScenario(input: unknown): Scenario {
  return scenarioSchema.parse(input) as Scenario;
}
