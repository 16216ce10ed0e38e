import { type ModelApi, providerError } from '@/lib/recording/model-api';
import { passThrough } from '@/lib/recording/pass-through';
import { admittedBody, type Env, upstreamBase } from './recording-endpoint';

/** The offline model's id, as a model list names it. */
export const OFFLINE_MODEL_ID = 'fork-lab-offline';

/**
 * `GET /v1/models`, which some runtimes ask before they send a turn. OpenAI and Anthropic share the
 * path; a request with `anthropic-version` is Anthropic's. Sent on to that provider's upstream
 * when one is set, its answer unchanged; otherwise the offline model is the one model listed, in
 * the provider's own list shape. Not recorded: it is no turn of a conversation.
 */
export function modelListHandler(deps: { env?: Env } = {}) {
  return async (request: Request): Promise<Response> => {
    const env = deps.env ?? process.env;
    const api: ModelApi = request.headers.has('anthropic-version') ? 'anthropic-messages' : 'openai-chat';
    const admitted = await admittedBody(api, request, env);
    if (admitted instanceof Response) return admitted;
    const base = upstreamBase(api, env);
    if (base !== null) return passThrough(api, 'models', base, request, admitted);
    if (api === 'anthropic-messages') {
      const model = { type: 'model', id: OFFLINE_MODEL_ID, display_name: 'Fork Lab offline model', created_at: '1970-01-01T00:00:00Z' };
      return Response.json({ data: [model], has_more: false, first_id: OFFLINE_MODEL_ID, last_id: OFFLINE_MODEL_ID });
    }
    return Response.json({ object: 'list', data: [{ id: OFFLINE_MODEL_ID, object: 'model', created: 0, owned_by: 'fork-lab' }] });
  };
}

/** A model route asked with a method it does not take, answered in the provider's shape. */
export function onlyPost(api: ModelApi) {
  return async (): Promise<Response> => {
    const refusal = providerError(api, 405, 'invalid_request_error', 'This endpoint takes POST only.');
    refusal.headers.set('allow', 'POST');
    return refusal;
  };
}
