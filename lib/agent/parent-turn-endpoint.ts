import 'server-only';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { languageModel, redactSecrets, UnknownModelError } from '@/lib/ai/providers';
import { FORK_POLICIES, KIMI_NOTICE_VARIANTS } from '@/lib/fork';
import { parentKeySchema } from '@/lib/fork-service/action-inputs';
import { liveTokenReport } from '@/lib/fork-service/fork-service';
import { parentCache } from '@/lib/fork-service/parent-cache';
import { jsonResponse } from '@/lib/http/json-response';
import { BodyTooLargeError, InvalidJsonError, readJsonBody, UnsupportedMediaTypeError } from '@/lib/http/read-json-body';
import { toolsFor } from './agent-tools';
import { describeError } from './child-runs';
import { runParentTurn } from './parent-turn';
import { runtime } from './runtime';
import { sandboxFor } from './sandbox-files';

export const PARENT_TURN_BODY_LIMIT_BYTES = 64 * 1024;

const parentTurnBody = z.strictObject({
  parentKey: parentKeySchema,
  sessionId: z.string().regex(/^[A-Za-z0-9_:.-]{1,80}$/, 'a session id is 1 to 80 letters, digits, dashes, dots, colons or underscores'),
  prompt: z.string().trim().min(1, 'write a prompt for the parent').max(20_000, 'a prompt is at most 20,000 characters'),
  modelId: z.string().min(1).max(200),
  policy: z.enum(FORK_POLICIES as [string, ...string[]]),
  notice: z.enum(KIMI_NOTICE_VARIANTS as [string, ...string[]]).optional(),
});

/**
 * `POST /api/parent/turn`: one turn of the live parent agent, streamed as newline-delimited JSON
 * events (`message`, `text-delta`, `child`, `error`, `done`). The parent is named by the key its
 * registration answered; 409 with `unknown-parent` asks the browser to register it again.
 */
export async function answerParentTurn(request: Request): Promise<Response> {
  let body: unknown;
  try {
    body = await readJsonBody(request, PARENT_TURN_BODY_LIMIT_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return jsonResponse({ error: error.message, limitBytes: PARENT_TURN_BODY_LIMIT_BYTES }, 413);
    if (error instanceof UnsupportedMediaTypeError) return jsonResponse({ error: error.message }, 415);
    if (error instanceof InvalidJsonError) return jsonResponse({ error: error.message }, 400);
    throw error;
  }
  const parsed = parentTurnBody.safeParse(body);
  if (!parsed.success) {
    return jsonResponse(
      {
        error: 'The turn request is not valid.',
        issues: parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || '(root)', message: issue.message })),
      },
      400,
    );
  }
  const input = parsed.data;
  const parent = parentCache.get(input.parentKey);
  if (parent === undefined) return jsonResponse({ error: 'unknown-parent' }, 409);
  try {
    languageModel(input.modelId);
  } catch (error) {
    if (error instanceof UnknownModelError) return jsonResponse({ error: error.message }, 400);
    throw error;
  }

  const { runs } = runtime();
  const encoder = new TextEncoder();
  const events = runParentTurn(
    {
      parent: parent.transcript,
      prompt: input.prompt,
      policy: input.policy as (typeof FORK_POLICIES)[number],
      ...(input.notice ? { notice: input.notice as (typeof KIMI_NOTICE_VARIANTS)[number] } : {}),
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
}
