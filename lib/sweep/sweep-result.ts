import type { ForkRequest } from '@/lib/fork';
import type { ReportedUsage } from '@/lib/wire/reported-usage';
import type { CheckResult } from './output-check';

/** At most this many forks in one sweep: each runs a model call. */
export const MAX_SWEEP_VARIANTS = 16;

/** One fork a sweep tries: a label for tables and charts, and the request. */
export interface SweepVariantSpec {
  /** The window as the runtime's field spells it (`3`, `all`), or the runtime's name. */
  label: string;
  request: ForkRequest;
}

export interface SweepVariantResult {
  label: string;
  request: ForkRequest;
  status: 'passed' | 'failed' | 'rejected' | 'not-a-fork' | 'error';
  /** Messages the child starts with. */
  initialMessages: number;
  /** Leading messages of the child's first request that repeat the parent's next request. */
  sharedPrefixMessages?: number;
  inputTokens?: number;
  outputTokens?: number;
  /** The provider's own figures for the request: what it read from its cache, wrote and sent in full. */
  usage?: ReportedUsage;
  output?: string;
  checks: CheckResult[];
  /** The runtime's words, for a call it rejects; the model's failure, for a run that failed. */
  errors?: string[];
}

export interface SweepResult {
  variants: SweepVariantResult[];
  /**
   * The passing variant whose child's first request costs the fewest input tokens, the first listed
   * on a tie (messages stand in when the model reports no usage): what the person pays for is
   * tokens, and a window that counts more turns can send fewer messages when a runtime merges
   * messages differently for different windows. Null when none passes.
   */
  smallestPassing: string | null;
}
