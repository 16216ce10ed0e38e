'use server';

import { RunNotFoundError, RunStateError } from '@/lib/agent/child-runs';
import { runReferenceInput, startChildRunInput } from '@/lib/agent/run-inputs';
import { runManager } from '@/lib/agent/run-manager';
import { cacheTargetOf, configuredModels, type ModelOption, UnknownModelError } from '@/lib/ai/providers';
import { BootstrapMissingError } from '@/lib/fork';
import { type InvalidInput, invalidInput } from '@/lib/fork-exchange/inputs';
import { type LaunchAnswer, launchAnswer } from '@/lib/fork-exchange/launch-answer';
import type { RunRecord } from '@/lib/fork-exchange/run-record';
import { launchChild } from '@/lib/fork-service';

/** The models this server can run; nothing secret leaves the server. */
export async function listModelsAction(): Promise<ModelOption[]> {
  return configuredModels();
}

/** The server would not do what was asked, and says why in words for a person. */
export type Refused = { status: 'refused'; message: string };

function refusal(error: unknown): Refused {
  if (error instanceof UnknownModelError || error instanceof BootstrapMissingError || error instanceof RunNotFoundError || error instanceof RunStateError) {
    return { status: 'refused', message: error.message };
  }
  throw error;
}

/**
 * Plan a child on a registered parent and start it on the server. Returns as soon as its
 * bootstrap record is written; the run continues detached and streams from /api/runs/<id>/events.
 */
export async function startChildRunAction(input: unknown): Promise<LaunchAnswer | InvalidInput | Refused> {
  const parsed = startChildRunInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error, 'launch request');
  const { parentKey, request, childId, name, modelId, sessionId, providerRules } = parsed.data;
  const launch = await launchChild(parentKey, request, childId, cacheTargetOf(modelId), providerRules);
  if (launch.status !== 'ok') return launchAnswer(launch);
  try {
    const run = runManager().runs.launch({ runId: childId, sessionId, name, modelId, bootstrap: launch.bootstrap, predictedCache: launch.predictedCache });
    return launchAnswer(launch, run);
  } catch (error) {
    return refusal(error);
  }
}

/** Abort a running child on the server. */
export async function stopChildRunAction(input: unknown): Promise<{ status: 'ok'; stopped: boolean } | InvalidInput> {
  const parsed = runReferenceInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error, 'run reference');
  return { status: 'ok', stopped: runManager().runs.stop(parsed.data.runId) };
}

/** Continue an interrupted, failed or stopped child from its bootstrap record and its messages. */
export async function reviveChildRunAction(input: unknown): Promise<{ status: 'ok'; run: RunRecord } | InvalidInput | Refused> {
  const parsed = runReferenceInput.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error, 'run reference');
  try {
    return { status: 'ok', run: runManager().runs.revive(parsed.data.runId) };
  } catch (error) {
    return refusal(error);
  }
}
