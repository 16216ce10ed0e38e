import 'server-only';
import { importTranscript } from '@/lib/import/import-transcript';
import { providerError } from '@/lib/recording/model-api';
import { passThrough } from '@/lib/recording/pass-through';
import { countMessage, countText, countTools } from '@/lib/tokens/count-tokens';
import { CountingPace } from '@/lib/tokens/counting-pace';
import { admittedBody, type Env, upstreamBase } from './recording-endpoint';

/**
 * `POST /v1/messages/count_tokens`, which Claude Code may call beside `/v1/messages`: sent on to
 * the Anthropic upstream when one is set, its answer unchanged; otherwise counted here with
 * o200k (an estimate of Anthropic's count, as everywhere in Fork Lab). Not recorded: it is not a
 * turn of the conversation, and a capture of it would read as one.
 */
export function countTokensHandler(deps: { env?: Env } = {}) {
  return async (request: Request): Promise<Response> => {
    const env = deps.env ?? process.env;
    const body = await admittedBody('anthropic-messages', request, env);
    if (body instanceof Response) return body;
    const base = upstreamBase('anthropic-messages', env);
    if (base !== null) return passThrough('anthropic-messages', 'messages/count_tokens', base, request, body);
    let transcript: Awaited<ReturnType<typeof importTranscript>>['transcript'];
    try {
      transcript = (await importTranscript(new TextDecoder().decode(body), { format: 'anthropic-messages' })).transcript;
    } catch (error) {
      return providerError(
        'anthropic-messages',
        400,
        'invalid_request_error',
        `Fork Lab could not read the request: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const pace = new CountingPace();
    let tokens = (await countText(transcript.profile.systemInstruction, pace)).tokens + (await countTools(transcript.profile.tools, pace)).tokens;
    for (const { message } of transcript.messages) tokens += (await countMessage(message, pace)).tokens;
    return Response.json({ input_tokens: tokens });
  };
}
