import { isRecord } from '@/lib/json/is-record';
import type { ProviderRules } from '@/lib/provider-cache/provider-rules';
import { readAnswer } from '@/lib/traffic/read-answer';
import type { TrafficExchange } from '@/lib/traffic/traffic-exchange';
import type { Capture } from './capture-store';
import { capturedAnswer } from './captured-cost';
import { capturedProvider } from './captured-provider';
import { MODEL_APIS } from './model-api';

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
    if (!isRecord(body)) continue;
    const answer = readAnswer(capturedAnswer(capture.responseBody));
    if (answer.usage === null) continue;
    const model = typeof body.model === 'string' ? body.model : '';
    const found = capturedProvider(capture.api, model, rules);
    exchanges.push({
      source: capture.sessionKey ?? 'no session id',
      index: capture.id,
      atMs: Date.parse(capture.startedAt),
      url: '',
      endpoint: { provider: found?.provider ?? MODEL_APIS[capture.api].provider, shape: MODEL_APIS[capture.api].shape },
      body,
      model,
      ...answer,
    });
  }
  return exchanges;
}
