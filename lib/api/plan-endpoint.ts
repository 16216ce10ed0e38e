import { z } from 'zod';
import {
  type ForkRequest,
  ForkRequestValidationError,
  type InputIssue,
  type ParentTranscript,
  parseForkRequest,
  parseParentTranscript,
  planFork,
  TranscriptValidationError,
} from '@/lib/fork';
import { answeringErrors, HttpError, invalidRequest } from '@/lib/http/http-error';
import { jsonResponse } from '@/lib/http/json-response';
import { readJsonBody } from '@/lib/http/read-json-body';
import { zodIssues } from '@/lib/http/zod-issues';

/**
 * Largest body `POST /api/fork/plan` reads: 8 MB, about 20,000 typical messages. Larger parents
 * belong in the app, which plans on the server without sending the transcript each time.
 */
export const PLAN_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

const PLAN_BODY_HELP = 'The body must be { "transcript": { "profile"?, "messages": [...] }, "request": { "policy", "directive", "params", ... } }.';

// Only the body's own keys: the engine's parsers judge each value (and say what a missing one needs).
const planBodyKeys = z.strictObject({ transcript: z.unknown().optional(), request: z.unknown().optional() });

/** The value `parse` returns, or undefined with its issues added to `issues`. */
function collectIssues<T>(issues: InputIssue[], parse: () => T): T | undefined {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof TranscriptValidationError || error instanceof ForkRequestValidationError)) throw error;
    issues.push(...error.issues);
    return undefined;
  }
}

/** `{ transcript, request }`, typed by the engine's parsers; 400 naming every shape problem at once. */
function parsePlanBody(body: unknown): { transcript: ParentTranscript; request: ForkRequest } {
  const keys = planBodyKeys.safeParse(body);
  const keyIssues = keys.success ? [] : zodIssues(keys.error);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidRequest(PLAN_BODY_HELP, keyIssues);
  const issues: InputIssue[] = [];
  const transcript = collectIssues(issues, () => parseParentTranscript('transcript' in body ? body.transcript : undefined, 'transcript'));
  const request = collectIssues(issues, () => parseForkRequest('request' in body ? body.request : undefined, 'request'));
  issues.push(...keyIssues);
  if (transcript === undefined || request === undefined || issues.length > 0) throw invalidRequest(PLAN_BODY_HELP, issues);
  return { transcript, request };
}

/**
 * `POST /api/fork/plan`: `{ transcript, request }` in, `{ plan }` out. Errors answer in the one
 * error shape: shape problems 400 `invalid-request` with each issue's path; a request the runtime
 * rejects 400 `fork-request-rejected` with its parameter errors; 413 over the limit, 415 for
 * another content type, 400 `invalid-json`.
 */
export const answerPlanRequest = answeringErrors('plan this request', async (request: Request): Promise<Response> => {
  const { transcript, request: forkRequest } = parsePlanBody(await readJsonBody(request, PLAN_BODY_LIMIT_BYTES));
  const plan = planFork(transcript, forkRequest);
  if (plan.errors.length > 0) throw new HttpError(400, 'fork-request-rejected', 'The runtime rejects this fork request.', { errors: plan.errors });
  return jsonResponse({ plan });
});
