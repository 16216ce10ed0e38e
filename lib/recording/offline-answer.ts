import { generateText, InvalidPromptError, jsonSchema, MissingToolResultsError, type ModelMessage as SdkMessage, type ToolSet, tool } from 'ai';
import { createOfflineModel } from '@/lib/ai/offline/offline-model';
import type { ToolDeclaration } from '@/lib/fork';
import { importTranscript } from '@/lib/import/import-transcript';
import { anthropicAnswer } from '@/lib/wire/anthropic-messages/messages-answer';
import type { ModelReply } from '@/lib/wire/model-reply';
import { openAiChatAnswer } from '@/lib/wire/openai-chat/chat-answer';
import { openAiResponsesAnswer } from '@/lib/wire/openai-responses/responses-answer';
import { type ModelApi, providerError } from './model-api';

/** The request's tools as the offline model sees them: declared, never run (the runtime runs them). */
function declaredTools(tools: readonly ToolDeclaration[]): ToolSet {
  return Object.fromEntries(
    tools.map((declaration) => [
      declaration.name,
      tool({ description: declaration.description ?? '', inputSchema: jsonSchema(declaration.inputSchema ?? { type: 'object', properties: {} }) }),
    ]),
  );
}

/**
 * Answer a request with Fork Lab's offline model when no upstream is configured: the body read as
 * the API's request (the importer every export round-trips through), one model step, written back
 * in the API's own response shape, streamed when the request asks for a stream. The model calls a
 * tool the way the runtime's model would; running it is the runtime's business.
 */
export async function offlineAnswer(api: ModelApi, text: string, parsed: unknown): Promise<Response> {
  let imported: Awaited<ReturnType<typeof importTranscript>>;
  try {
    imported = await importTranscript(text, { format: api });
  } catch (error) {
    return providerError(api, 400, 'invalid_request_error', `Fork Lab could not read the request: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { profile, messages } = imported.transcript;
  let result: Awaited<ReturnType<typeof generateText>>;
  try {
    result = await generateText({
      model: createOfflineModel(),
      system: profile.systemInstruction,
      messages: messages.map((entry) => entry.message) as SdkMessage[],
      tools: declaredTools(profile.tools),
      allowSystemInMessages: true,
    });
  } catch (error) {
    // A conversation no provider takes (a tool call left unanswered) is the request's fault, said as the provider says it: a 400.
    if (MissingToolResultsError.isInstance(error) || InvalidPromptError.isInstance(error)) {
      return providerError(api, 400, 'invalid_request_error', `Fork Lab's offline model cannot answer this conversation: ${error.message}`);
    }
    throw error;
  }
  const reply: ModelReply = {
    id: `forklab-${crypto.randomUUID().slice(0, 12)}`,
    model: profile.model,
    text: result.text,
    toolCalls: result.toolCalls.map((call) => {
      const namespace = profile.tools.find((declared) => declared.name === call.toolName)?.namespace;
      return { id: call.toolCallId, name: call.toolName, ...(namespace === undefined ? {} : { namespace }), input: JSON.stringify(call.input) };
    }),
    inputTokens: result.usage.inputTokens ?? 0,
    outputTokens: result.usage.outputTokens ?? 0,
  };
  const stream = typeof parsed === 'object' && parsed !== null && (parsed as { stream?: unknown }).stream === true;
  if (api === 'anthropic-messages') return anthropicAnswer(reply, stream);
  if (api === 'openai-responses') return openAiResponsesAnswer(reply, stream);
  const includeUsage = (parsed as { stream_options?: { include_usage?: unknown } } | null)?.stream_options?.include_usage === true;
  return openAiChatAnswer(reply, stream, includeUsage);
}
