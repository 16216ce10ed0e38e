import 'server-only';
import { z } from 'zod';
import { configuredModels, languageModel, redactSecrets } from '@/lib/ai/providers';
import { DIRECTIVE_MAX_CHARS, forkPolicySchema } from '@/lib/fork';
import { parentCache } from '@/lib/fork-service/parent-cache';
import { answeringErrors, HttpError, internalError, invalidRequest } from '@/lib/http/http-error';
import { API_HEADERS } from '@/lib/http/json-response';
import { ndjsonStream } from '@/lib/http/ndjson-stream';
import { readJsonBody } from '@/lib/http/read-json-body';
import { zodIssues } from '@/lib/http/zod-issues';
import { type OutputCheck, OutputCheckSyntaxError, parseOutputCheck } from '@/lib/sweep/output-check';
import {
  defaultRuntimeVariants,
  MAX_SWEEP_VARIANTS,
  runSweep,
  type SweepResult,
  SweepSetupError,
  type SweepVariantResult,
  type SweepVariantSpec,
  windowVariants,
} from '@/lib/sweep/run-sweep';
import { MAX_WINDOW_LENGTH } from '@/lib/sweep/sweep-form';
import { MAX_SWEEP_CHECKS } from '@/lib/sweep/sweep-record';

/** A sweep names its parent by key (register it with `POST /api/parent` first): the body is a directive, checks and windows. */
export const SWEEP_BODY_LIMIT_BYTES = 1024 * 1024;

export const sweepBodySchema = z.strictObject({
  parentKey: z.string().min(1).max(200),
  directive: z.string().trim().min(1, 'what every child is asked to do').max(DIRECTIVE_MAX_CHARS),
  variants: z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('windows'),
      runtime: forkPolicySchema,
      windows: z
        .array(z.string().trim().min(1, 'a window value, not an empty one').max(MAX_WINDOW_LENGTH))
        .min(1)
        .max(MAX_SWEEP_VARIANTS)
        .refine((windows) => new Set(windows).size === windows.length, { message: 'each window once: a sweep names its forks by window' }),
    }),
    z.strictObject({ kind: z.literal('every-runtime') }),
  ]),
  checks: z.array(z.string().min(1).max(4_000)).min(1).max(MAX_SWEEP_CHECKS),
  modelId: z.string().min(1).max(200).default('offline'),
});

/** What the stream carries, one per line: progress, each variant as it finishes, then the result. */
export type SweepStreamEvent =
  | { type: 'progress'; done: number; total: number; next: string }
  | { type: 'variant'; result: SweepVariantResult }
  | { type: 'result'; result: SweepResult }
  | { type: 'error'; status: number; error: { code: string; message: string } };

/** A provider's failure can quote the request (and so a key): it reaches the client redacted. */
function redacted(variant: SweepVariantResult): SweepVariantResult {
  return variant.errors === undefined ? variant : { ...variant, errors: variant.errors.map((error) => redactSecrets(error)) };
}

function parseChecks(specs: readonly string[]): OutputCheck[] {
  const issues: { path: string; message: string }[] = [];
  const checks = specs.flatMap((spec, index) => {
    try {
      return [parseOutputCheck(spec)];
    } catch (error) {
      if (!(error instanceof OutputCheckSyntaxError)) throw error;
      issues.push({ path: `checks[${index}]`, message: error.message });
      return [];
    }
  });
  if (issues.length > 0) throw invalidRequest('A check cannot be read.', issues);
  return checks;
}

/**
 * `POST /api/sweep` with `{ parentKey, directive, variants, checks, modelId? }`, the variants being
 * `{ kind: 'windows', runtime, windows }` or `{ kind: 'every-runtime' }`:
 * a window sweep on a registered parent, answered as NDJSON — progress, each variant as it is
 * checked, then `{ type: 'result' }`. Everything a person can get wrong is refused before the
 * stream starts, in the one error shape; a reader that hangs up stops the sweep before its next child.
 */
export const answerSweepRequest = answeringErrors('run this sweep', async (request: Request): Promise<Response> => {
  const parsed = sweepBodySchema.safeParse(
    await readJsonBody(request, SWEEP_BODY_LIMIT_BYTES, 'A sweep sends the parent’s key, not its transcript: shorten the directive or the checks.'),
  );
  if (!parsed.success) throw invalidRequest('The body must be { "parentKey", "directive", "variants", "checks", "modelId"? }.', zodIssues(parsed.error));
  const body = parsed.data;
  const checks = parseChecks(body.checks);
  const models = configuredModels();
  if (!models.some((model) => model.id === body.modelId)) {
    throw invalidRequest('This server has no such model.', [{ path: 'modelId', message: `one of ${models.map((model) => model.id).join(', ')}` }]);
  }
  let variants: SweepVariantSpec[];
  try {
    variants =
      body.variants.kind === 'every-runtime'
        ? defaultRuntimeVariants(body.directive)
        : windowVariants(body.variants.runtime, body.variants.windows, body.directive);
  } catch (error) {
    if (error instanceof SweepSetupError) throw invalidRequest('These variants cannot be swept.', [{ path: 'variants.runtime', message: error.message }]);
    throw error;
  }
  const parent = parentCache.get(body.parentKey);
  if (parent === undefined) throw new HttpError(409, 'unknown-parent', 'The server does not hold this parent (it restarted or let it go): register it again.');

  const stop = new AbortController();
  const stream = ndjsonStream(async (writer) => {
    const send = (event: SweepStreamEvent) => {
      if (writer.cancelled) stop.abort();
      else void writer.send(event);
    };
    try {
      const result = await runSweep({
        parent: parent.transcript,
        variants,
        checks,
        model: () => languageModel(body.modelId),
        signal: AbortSignal.any([stop.signal, request.signal]),
        onProgress: (done, total, next) => send({ type: 'progress', done, total, next }),
        onVariant: (variant) => send({ type: 'variant', result: redacted(variant) }),
      });
      send({ type: 'result', result: { ...result, variants: result.variants.map(redacted) } });
    } catch {
      if (writer.cancelled || stop.signal.aborted || request.signal.aborted) return;
      // The answer has started (200): the failure goes in the stream, saying only what failed.
      const refused = internalError('finish this sweep');
      send({ type: 'error', status: refused.status, error: refused.body.error });
    }
  });
  return new Response(stream, { status: 200, headers: { ...API_HEADERS, 'content-type': 'application/x-ndjson; charset=utf-8' } });
});
