'use client';

import type { ProviderCounting } from '@/lib/traffic/provider-token-anchors';
import type { TimelineReport } from '@/lib/traffic/timeline-report';
import styles from './captures.module.css';

/** The choice to have Anthropic count its requests' prefixes (`?count=anthropic`), for a timeline's request. */
export function ProviderCountToggle({
  checked,
  disabled,
  onChange,
  testId,
}: {
  checked: boolean;
  /** While a replay runs: the box would no longer say how the rows it shows were counted. */
  disabled: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  return (
    <label className={`${styles.muted} mt-2 block`}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} data-testid={testId} /> Count
      Anthropic’s requests with Anthropic (<code>count_tokens</code> at each breakpoint and end; needs <code>ANTHROPIC_API_KEY</code> on the server)
    </label>
  );
}

function countedLine(counting: ProviderCounting): string {
  const { countable, counted, calls, refused, stopped } = counting;
  const refusedPart = refused > 0 ? `, ${refused} of them refused` : '';
  const rest = counted < countable ? ` ${countable - counted} more of Anthropic’s requests keep offline counts, scaled to their reported totals.` : '';
  const stoppedPart = stopped === null ? '' : ` ${stopped}`;
  return `Tokens: Anthropic counted ${counted} of ${countable} of its requests at their breakpoints and end (${calls} count call${calls === 1 ? '' : 's'}${refusedPart}); other providers’ requests are offline counts scaled to their reported totals.${rest}${stoppedPart}`;
}

/** Which tokenizer the figures come from, said once above the table. */
export function TokenSourceLine({ report }: { report: TimelineReport }) {
  const unscaled = report.entries.filter((entry) => entry.tokens === 'offline').length;
  const text =
    report.counting === null
      ? 'Tokens: counted offline (o200k) and scaled to each request’s reported total, so shares are compared, not tokenizers.'
      : countedLine(report.counting);
  return (
    <p className={styles.muted} data-testid="traffic-token-source">
      {text}
      {unscaled > 0 ? ` ${unscaled} request${unscaled === 1 ? '' : 's'} without reported usage ${unscaled === 1 ? 'is' : 'are'} shown as counted.` : ''}
    </p>
  );
}
