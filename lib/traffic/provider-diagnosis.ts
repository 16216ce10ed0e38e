import { isRecord } from '@/lib/json/is-record';
import type { CacheMissReason } from '@/lib/provider-cache/miss-explainer';

/**
 * Anthropic's cache diagnostics (the `cache-diagnosis-2026-04-07` beta: its header on every turn,
 * `diagnostics: { previous_message_id }` in the body): the answer says where this request's
 * prompt parted from the named earlier one's, in four words Fork Lab's own parting uses too, or
 * that it could not compare. Sources: Anthropic's cache diagnostics page; the SDKs' diagnostics
 * types, and langchain4j's reading of them (`diagnostics` null: compared, no divergence; present
 * with a null reason: still comparing when the answer was sent).
 */
export const NOT_COMPARED = ['previous_message_not_found', 'unavailable'] as const;
export type DiagnosedReason = CacheMissReason | (typeof NOT_COMPARED)[number];

const REASONS: readonly string[] = ['model_changed', 'system_changed', 'tools_changed', 'messages_changed', ...NOT_COMPARED];

/** What the provider said of a request's cache miss. */
export interface ProviderDiagnosis {
  /** Where the prompt parted from the earlier request's; null when it found no divergence, or had not finished (`pending`). */
  reason: DiagnosedReason | null;
  /** The comparison was still running when the answer was sent: inconclusive, nothing to set beside Fork Lab's. */
  pending: boolean;
  /** The input tokens it could not read because of that change, where it says. */
  missedTokens: number | null;
}

/**
 * The diagnosis in an answer (a Messages answer, or a stream's `message_start` message); undefined
 * when the answer has no `diagnostics` member, as it has none unless the request asked. A reason
 * the API adds later is kept out rather than misread: it reads as not compared.
 */
export function diagnosisOf(answer: unknown): ProviderDiagnosis | undefined {
  if (!isRecord(answer) || !('diagnostics' in answer)) return undefined;
  const { diagnostics } = answer;
  if (diagnostics === null) return { reason: null, pending: false, missedTokens: null };
  if (!isRecord(diagnostics)) return undefined;
  const miss = diagnostics.cache_miss_reason;
  if (!isRecord(miss)) return { reason: null, pending: true, missedTokens: null };
  const tokens = miss.cache_missed_input_tokens;
  return {
    reason: typeof miss.type === 'string' && REASONS.includes(miss.type) ? (miss.type as DiagnosedReason) : 'unavailable',
    pending: false,
    missedTokens: typeof tokens === 'number' && Number.isFinite(tokens) && tokens >= 0 ? tokens : null,
  };
}

/** Whether a request asked for a diagnosis (a `diagnostics` object), and the earlier answer it named (null: none, it starts the chain). */
export function diagnosisAsked(body: Record<string, unknown>): { previousId: string | null } | null {
  if (!isRecord(body.diagnostics)) return null;
  const named = body.diagnostics.previous_message_id;
  return { previousId: typeof named === 'string' && named !== '' ? named : null };
}

/** The provider's diagnosis of a request beside Fork Lab's parting from the same earlier request. */
export interface DiagnosisBeside {
  /** What the answer said; null when the request asked and the answer carried no diagnosis at all. */
  provider: ProviderDiagnosis | null;
  /** The answer id the request named; null for a request that named none (a session's first, which starts the chain). */
  asked: string | null;
  /** The earlier request the provider compared with, when the log holds the answer it named. */
  earlier: { source: string; index: number; atMs: number } | null;
  /** Where Fork Lab finds the two part (null: this one repeats all of it); undefined without the earlier request. */
  ours: CacheMissReason | null | undefined;
  /** Whether the two say the same; null when either could not compare. A disagreement is a finding about one of them. */
  agrees: boolean | null;
}

export function diagnosisBeside(
  provider: ProviderDiagnosis | null,
  asked: string | null,
  earlier: DiagnosisBeside['earlier'],
  ours: CacheMissReason | null | undefined,
): DiagnosisBeside {
  const compared = provider !== null && !provider.pending && ours !== undefined && !(NOT_COMPARED as readonly (string | null)[]).includes(provider.reason);
  return { provider, asked, earlier, ours, agrees: compared ? provider.reason === ours : null };
}
