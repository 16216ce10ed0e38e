import 'server-only';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { toolsFor } from '@/lib/agent/agent-tools';
import { describeError } from '@/lib/agent/child-runs';
import { PARENT_PROMPT_MAX_CHARS } from '@/lib/agent/parent-prompt-limit';
import { runParentTurn } from '@/lib/agent/parent-turn';
import { runManager } from '@/lib/agent/run-manager';
import { sandboxFor } from '@/lib/agent/sandbox-files';
import { cacheTargetOf, languageModel, redactSecrets, UnknownModelError } from '@/lib/ai/providers';
import { forkPolicySchema, runtimeOf } from '@/lib/fork';
import { parentKeySchema } from '@/lib/fork-exchange/inputs';
import { livePredictedCache, liveTokenReport } from '@/lib/fork-service';
import { parentCache } from '@/lib/fork-service/parent-cache';
import { answeringErrors, HttpError, invalidRequest } from '@/lib/http/http-error';
import { readJsonBody } from '@/lib/http/read-json-body';
import { zodIssues } from '@/lib/http/zod-issues';
import { providerRulesSchema } from '@/lib/provider-cache/provider-rules-schema';

export const PARENT_TURN_BODY_LIMIT_BYTES = 64 * 1024;

const parentTurnBody = z
  .strictObject({
    parentKey: parentKeySchema,
    sessionId: z.string().regex(/^[A-Za-z0-9_:.-]{1,80}$/, 'a session id is 1 to 80 letters, digits, dashes, dots, colons or underscores'),
    prompt: z
      .string()
      .trim()
      .min(1, 'write a prompt for the parent')
      .max(PARENT_PROMPT_MAX_CHARS, `a prompt is at most ${PARENT_PROMPT_MAX_CHARS.toLocaleString('en-US')} characters`),
    modelId: z.string().min(1).max(200),
    policy: forkPolicySchema,
    /** The runtime's settings (fields that are not call arguments): a choice one of its values, typed text short. */
    settings: z.record(z.string(), z.string()).optional(),
    /** The workspace's cache rules, for the forecast kept with each child's run. */
    providerRules: providerRulesSchema.optional(),
  })
  .superRefine((body, context) => {
    const fields = runtimeOf(body.policy).controls.fields.filter((field) => field.setting === true);
    for (const [name, value] of Object.entries(body.settings ?? {})) {
      const field = fields.find((candidate) => candidate.name === name);
      const allowed = field?.options?.map((option) => option.value) ?? [];
      if (field === undefined) {
        const known = fields.map((candidate) => candidate.name).join(', ') || 'none';
        context.addIssue({ code: 'custom', path: ['settings', name], message: `not a setting of ${body.policy} (its settings: ${known})` });
      } else if (field.options === undefined) {
        // A typed setting (which swarm member the preview shows) is the browser's own; any short text.
        if (value.length > 200) context.addIssue({ code: 'custom', path: ['settings', name], message: 'is at most 200 characters' });
      } else if (!allowed.includes(value)) {
        context.addIssue({ code: 'custom', path: ['settings', name], message: `must be one of ${allowed.join(', ')}` });
      }
    }
  });

/**
 * `POST /api/parent/turn`: one turn of the live parent agent, streamed as newline-delimited JSON
 * events (`message`, `text-delta`, `child`, `error`, `done`). The parent is named by the key its
 * registration answered; 409 `unknown-parent` asks the browser to register it again. Errors before
 * the stream starts answer in the one error shape.
 */
export const answerParentTurn = answeringErrors('run this turn', async (request: Request): Promise<Response> => {
  const parsed = parentTurnBody.safeParse(await readJsonBody(request, PARENT_TURN_BODY_LIMIT_BYTES));
  if (!parsed.success) throw invalidRequest('The turn request is not valid.', zodIssues(parsed.error));
  const input = parsed.data;
  const parent = parentCache.get(input.parentKey);
  if (parent === undefined) {
    throw new HttpError(409, 'unknown-parent', 'The server does not hold this parent (it restarted or let it go): register it again.');
  }
  try {
    languageModel(input.modelId);
  } catch (error) {
    if (error instanceof UnknownModelError) throw new HttpError(400, 'unknown-model', error.message);
    throw error;
  }

  const { runs } = runManager();
  const encoder = new TextEncoder();
  const events = runParentTurn(
    {
      parent: parent.transcript,
      prompt: input.prompt,
      policy: input.policy,
      ...(input.settings ? { settings: input.settings } : {}),
      modelId: input.modelId,
      sessionId: input.sessionId,
      signal: request.signal,
    },
    {
      runs,
      model: (id) => languageModel(id),
      tools: (sessionId, declarations) => toolsFor(declarations, sandboxFor(sessionId)),
      redact: (text) => redactSecrets(text),
      newChildId: () => `child-${randomUUID().slice(0, 12)}`,
      tokens: liveTokenReport,
      predictCache: (plan, transcript) => livePredictedCache(plan, transcript, cacheTargetOf(input.modelId), input.providerRules),
    },
  );
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await events.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(`${JSON.stringify(next.value)}\n`));
      } catch (error) {
        // The response has started: end it with events the browser understands, not a broken stream.
        controller.enqueue(encoder.encode(`${JSON.stringify({ type: 'error', message: redactSecrets(describeError(error)) })}\n`));
        controller.enqueue(encoder.encode(`${JSON.stringify({ type: 'done' })}\n`));
        controller.close();
      }
    },
    async cancel() {
      await events.return(undefined);
    },
  });
  return new Response(stream, { headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store' } });
});
