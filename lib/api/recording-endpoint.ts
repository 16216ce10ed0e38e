import { formatBytes } from '@/lib/http/format-bytes';
import { readBodyBytes } from '@/lib/http/read-json-body';
import { ANSWER_HEAD_CHARS, askingForDiagnostics, DIAGNOSIS_LOOKBACK, previousAnswerId, withDiagnosisBeta } from '@/lib/recording/cache-diagnostics-request';
import { CaptureSessionError, captureSessionOf } from '@/lib/recording/capture-session';
import type { CaptureStore } from '@/lib/recording/capture-store';
import { capturedHeaders } from '@/lib/recording/captured-headers';
import { forwardToUpstream } from '@/lib/recording/forward-to-upstream';
import { MODEL_APIS, type ModelApi, providerError } from '@/lib/recording/model-api';
import { offlineAnswer } from '@/lib/recording/offline-answer';
import { unreachableMessage } from '@/lib/recording/pass-through';
import { requestAllowed } from '@/lib/recording/request-guard';
import { sessionKeyOf } from '@/lib/recording/session-key';

class BodyTooLarge extends Error {
  override readonly name = 'BodyTooLarge';
}

/** Largest request body the endpoint takes: a long session's request, not a dump. */
export const RECORDED_REQUEST_LIMIT_BYTES = 8 * 1024 * 1024;

export type Env = Record<string, string | undefined>;

/** Where each provider's traffic goes: `FORK_LAB_UPSTREAM_OPENAI` / `FORK_LAB_UPSTREAM_ANTHROPIC`, a base URL ending in `/v1`. */
export function upstreamBase(api: ModelApi, env: Env): URL | null {
  const value = MODEL_APIS[api].provider === 'anthropic' ? env.FORK_LAB_UPSTREAM_ANTHROPIC : env.FORK_LAB_UPSTREAM_OPENAI;
  if (!value) return null;
  try {
    return new URL(value.endsWith('/') ? value : `${value}/`);
  } catch {
    return null;
  }
}

/**
 * `FORK_LAB_CACHE_DIAGNOSTICS=1` has every Messages request forwarded upstream ask Anthropic for
 * its cache diagnostics against the session's previous answer (the beta header, and
 * `diagnostics.previous_message_id` in the body), so the captured answer says in the provider's
 * words why its cache missed. Off by default: the proxy otherwise sends the body as it came. Only
 * Anthropic's own API takes it (not Bedrock, Vertex or DeepSeek's Anthropic API): set it only
 * with `FORK_LAB_UPSTREAM_ANTHROPIC` at Anthropic. The body is written again as JSON, so its
 * bytes change (whitespace, number forms) though not its content.
 */
function diagnosticsAsked(api: ModelApi, env: Env, store: CaptureStore, sessionKey: string | null, parsed: unknown): Record<string, unknown> | null {
  if (MODEL_APIS[api].provider !== 'anthropic' || env.FORK_LAB_CACHE_DIAGNOSTICS !== '1') return null;
  const model = typeof parsed === 'object' && parsed !== null ? (parsed as { model?: unknown }).model : undefined;
  const answers = sessionKey === null ? [] : store.recentAnswerHeads(sessionKey, DIAGNOSIS_LOOKBACK, ANSWER_HEAD_CHARS);
  return askingForDiagnostics(parsed, previousAnswerId(answers, model));
}

/**
 * The body of a request the model endpoints take, or the provider-shaped refusal: from this
 * machine (or with the token), and no larger than Fork Lab records.
 */
export async function admittedBody(api: ModelApi, request: Request, env: Env): Promise<Uint8Array | Response> {
  if (!requestAllowed(request, env)) {
    return providerError(
      api,
      403,
      'permission_error',
      'Fork Lab answers model requests from this machine only; from elsewhere send x-fork-lab-token (FORK_LAB_RECORDING_TOKEN).',
    );
  }
  try {
    return await readBodyBytes(request, RECORDED_REQUEST_LIMIT_BYTES, () => new BodyTooLarge());
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      return providerError(api, 413, 'request_too_large', `The request body is larger than Fork Lab records (${formatBytes(RECORDED_REQUEST_LIMIT_BYTES)}).`);
    }
    return providerError(api, 400, 'invalid_request_error', 'The request body could not be read (the client went away?).');
  }
}

/**
 * One model API served as a recording proxy: the request is kept (its body, its headers without
 * credentials, the runtime's session id), sent on to the configured upstream with the runtime's
 * own key, and the answer streamed back unchanged while the capture keeps a copy. With no upstream
 * configured the offline model answers, in the API's own shape. Fork Lab's own
 * refusals are shaped as the provider shapes its errors.
 */
export function recordingHandler(api: ModelApi, deps: { env?: Env; store: () => CaptureStore }) {
  return async (request: Request): Promise<Response> => {
    const env = deps.env ?? process.env;
    let captureSession: string | null;
    try {
      captureSession = captureSessionOf(request);
    } catch (error) {
      if (error instanceof CaptureSessionError) return providerError(api, 400, 'invalid_request_error', error.message);
      throw error;
    }
    const body = await admittedBody(api, request, env);
    if (body instanceof Response) return body;
    const base = upstreamBase(api, env);
    const text = new TextDecoder().decode(body);
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: the provider answers it as it does; the capture keeps the text.
    }
    const store = deps.store();
    const sessionKey = sessionKeyOf(parsed, request.headers);
    const asked = base === null ? null : diagnosticsAsked(api, env, store, sessionKey, parsed);
    // What goes upstream is what the capture keeps: with diagnostics asked, the body as amended.
    const sent = asked === null ? body : new TextEncoder().encode(JSON.stringify(asked));
    const id = store.begin({
      api,
      sessionKey,
      captureSession,
      requestBody: asked === null ? text : JSON.stringify(asked),
      requestHeaders: capturedHeaders(request.headers),
    });
    if (base === null) {
      try {
        return await recordedOffline(store, id, await offlineAnswer(api, text, parsed));
      } catch (error) {
        store.finish(id, { status: 500, responseBody: null, responseTruncated: false, responseHeaders: null, error: 'The offline model failed.' });
        return providerError(api, 500, 'api_error', `The offline model failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const url = new URL(MODEL_APIS[api].path.replace(/^\/v1\//, ''), base);
    // The query goes along: Claude Code asks for /v1/messages?beta=true, Azure-style upstreams need ?api-version=.
    url.search = new URL(request.url).search;
    try {
      const beta: Record<string, string> = asked === null ? {} : { 'anthropic-beta': withDiagnosisBeta(request.headers.get('anthropic-beta')) };
      const forwarded = await forwardToUpstream(url, request, sent, request.signal, beta);
      void forwarded.outcome.then((outcome) =>
        store.finish(id, {
          status: outcome.status,
          responseBody: outcome.body,
          responseTruncated: outcome.truncated,
          responseHeaders: outcome.headers === null ? null : capturedHeaders(new Headers(outcome.headers)),
          error: outcome.error,
        }),
      );
      return forwarded.response;
    } catch (error) {
      const message = unreachableMessage(error);
      store.finish(id, { status: null, responseBody: null, responseTruncated: false, responseHeaders: null, error: message });
      return providerError(api, 502, 'api_error', message);
    }
  };
}

/** Keep the offline model's answer with the capture, and hand the client an identical copy. */
async function recordedOffline(store: CaptureStore, id: number, response: Response): Promise<Response> {
  const body = await response.text();
  const headers = Object.fromEntries(response.headers);
  store.finish(id, { status: response.status, responseBody: body, responseTruncated: false, responseHeaders: headers, error: null });
  return new Response(body, { status: response.status, headers: response.headers });
}
