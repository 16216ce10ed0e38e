import { z } from 'zod';
import { type ForkPlan, type ForkRequest, forkRequestSchema, type ParentTranscript, parentTranscriptSchema, planFork } from '@/lib/fork';
import { formatIssuePath } from '@/lib/fork/transcript/transcript-schema';
import { BodyTooLargeError, InvalidJsonError, readJsonBody, UnsupportedMediaTypeError } from '@/lib/http/read-json-body';

/**
 * Largest body `POST /api/fork/plan` reads: 8 MB, about 20,000 typical messages. Larger parents
 * belong in the app, which plans on the server without sending the transcript each time.
 */
export const PLAN_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

const planBodySchema = z.strictObject({ transcript: parentTranscriptSchema, request: forkRequestSchema });

export type PlanEndpointAnswer =
  | { status: 200; body: { plan: ForkPlan } }
  | { status: 400; body: { error: string; issues?: { path: string; message: string }[]; errors?: ForkPlan['errors']; plan?: ForkPlan } }
  | { status: 413 | 415; body: { error: string; limitBytes?: number } };

/**
 * `POST /api/fork/plan`: `{ transcript, request }` in, the plan out. Shape problems answer 400 with
 * each issue's path; a request the runtime rejects answers 400 with its parameter errors (and the
 * plan, which says every parent message was excluded); a body over the limit answers 413.
 */
export async function answerPlanRequest(request: Request): Promise<PlanEndpointAnswer> {
  let body: unknown;
  try {
    body = await readJsonBody(request, PLAN_BODY_LIMIT_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return { status: 413, body: { error: error.message, limitBytes: PLAN_BODY_LIMIT_BYTES } };
    }
    if (error instanceof UnsupportedMediaTypeError) return { status: 415, body: { error: error.message } };
    if (error instanceof InvalidJsonError) return { status: 400, body: { error: error.message } };
    throw error;
  }
  const parsed = planBodySchema.safeParse(body);
  if (!parsed.success) {
    return {
      status: 400,
      body: {
        error: 'The body must be { "transcript": { "profile"?, "messages": [...] }, "request": { "policy", "directive", "params", ... } }.',
        issues: parsed.error.issues.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message })),
      },
    };
  }
  const plan = planFork(parsed.data.transcript as ParentTranscript, parsed.data.request as ForkRequest);
  if (plan.errors.length > 0) {
    return { status: 400, body: { error: 'The runtime rejects this fork request.', errors: plan.errors, plan } };
  }
  return { status: 200, body: { plan } };
}
