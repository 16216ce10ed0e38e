import type { ProviderRules } from '@/lib/provider-cache/provider-rules';
import { readAnswer } from '@/lib/traffic/read-answer';
import type { RequestShape, TrafficExchange } from '@/lib/traffic/traffic-exchange';
import type { Capture } from './capture-store';
import { capturedAnswer } from './captured-cost';
import { capturedProvider } from './captured-provider';
import type { ModelApi } from './model-api';

/** The body shape each of Fork Lab's model routes takes. */
const SHAPES: Record<ModelApi, RequestShape> = { 'openai-chat': 'chat', 'openai-responses': 'responses', 'anthropic-messages': 'messages' };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Captured requests as traffic the cache timeline replays, oldest first: those a provider answered
 * with its usage (Fork Lab's offline answers report none, and a prediction beside nothing checks
 * nothing), each named by its session and read by the provider its model belongs to. The answer is
 * read as an imported log's is: its usage, server rounds, id and the provider's cache diagnosis.
 */
export function capturedExchanges(captures: readonly Capture[], rules: ProviderRules): TrafficExchange[] {
  const exchanges: TrafficExchange[] = [];
  for (const capture of [...captures].sort((a, b) => a.id - b.id)) {
    if (capture.responseBody === null) continue;
    let body: unknown;
    try {
      body = JSON.parse(capture.requestBody);
    } catch {
      continue;
    }
    if (!isObject(body)) continue;
    const answer = readAnswer(capturedAnswer(capture.responseBody));
    if (answer.usage === null) continue;
    const model = typeof body.model === 'string' ? body.model : '';
    const found = capturedProvider(capture.api, model, rules);
    exchanges.push({
      source: capture.sessionKey ?? 'no session id',
      index: capture.id,
      atMs: Date.parse(capture.startedAt),
      url: '',
      endpoint: { provider: found?.provider ?? (capture.api === 'anthropic-messages' ? 'anthropic' : 'openai'), shape: SHAPES[capture.api] },
      body,
      model,
      ...answer,
    });
  }
  return exchanges;
}
