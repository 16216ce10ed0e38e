import { isRecord } from '@/lib/json/is-record';
import { messagesAnswerMessage } from '@/lib/wire/anthropic-messages/messages-answer';
import { chatAnswerMessage } from '@/lib/wire/openai-chat/chat-answer';
import { inputItems } from '@/lib/wire/openai-responses/input-items';
import { responsesAnswerItems } from '@/lib/wire/openai-responses/responses-answer';
import { parsedJson } from '@/lib/wire/server-sent-events';
import type { ModelApi } from './model-api';

/**
 * The request body as the runtime would continue it once answered: the model's answer (read from
 * the captured response, plain or streamed) appended in the request's own shape. A call the model
 * made is then in the conversation before the runtime's next request repeats it, so a fork can be
 * checked while its parent waits on the child. Null when the answer cannot be read.
 */
export function answeredRequest(api: ModelApi, requestBody: string, responseBody: string): string | null {
  const request = parsedJson(requestBody);
  if (!isRecord(request)) return null;
  if (api === 'openai-responses') {
    const items = responsesAnswerItems(responseBody);
    if (items === null) return null;
    const input = typeof request.input === 'string' ? inputItems(request.input) : Array.isArray(request.input) ? request.input : [];
    return JSON.stringify({ ...request, input: [...input, ...items] });
  }
  const message = api === 'anthropic-messages' ? messagesAnswerMessage(responseBody) : chatAnswerMessage(responseBody);
  if (message === null || !Array.isArray(request.messages)) return null;
  return JSON.stringify({ ...request, messages: [...request.messages, message] });
}
