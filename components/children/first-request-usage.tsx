'use client';

import type { ChildRun } from '@/lib/workspace/workspace';
import styles from './children.module.css';

const FIGURES = [
  ['cachedTokens', 'cached'],
  ['writtenTokens', 'written'],
  ['uncachedTokens', 'uncached'],
] as const;

function signed(value: number): string {
  return value === 0 ? '±0' : `${value > 0 ? '+' : '−'}${Math.abs(value).toLocaleString('en-US')}`;
}

/**
 * The child's first request as the provider reported it, beside Fork Lab's forecast for that
 * provider: a difference says the forecast's rule, minimum or token count is off for this model.
 */
export function FirstRequestUsage({ run }: { run: ChildRun }) {
  const predicted = run.predictedCache ?? null;
  const reported = run.reportedUsage ?? null;
  if (predicted === null && reported === null) return null;
  return (
    <table className={styles.usage} data-testid="first-request-usage">
      <caption>
        First request’s cache
        {predicted === null ? ' (no cache rule covers this model, so nothing was predicted)' : ` · predicted for ${predicted.provider} ${predicted.model}`}
        {predicted !== null && reported !== null && (
          <span className={styles.muted}> · the two tokenizers count the same text differently, so totals differ by their ratio as well as by the cache</span>
        )}
      </caption>
      <thead>
        <tr>
          <th scope="col">tokens</th>
          {FIGURES.map(([, label]) => (
            <th key={label} scope="col">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {predicted !== null && (
          <tr data-testid="usage-predicted">
            <th scope="row" title="Fork Lab's o200k count of the request as sent, through the provider's cache rule">
              predicted <span className={styles.muted}>(o200k count)</span>
            </th>
            {FIGURES.map(([key]) => (
              <td key={key}>{predicted[key].toLocaleString('en-US')}</td>
            ))}
          </tr>
        )}
        <tr data-testid="usage-reported">
          <th scope="row" title="The provider's own count, from the usage its answer reported">
            reported <span className={styles.muted}>({reported === null ? 'the provider’s count' : `${reported.format}’s count`})</span>
          </th>
          {FIGURES.map(([key]) => (
            <td key={key}>{reported === null ? '…' : reported[key].toLocaleString('en-US')}</td>
          ))}
        </tr>
        {predicted !== null && reported !== null && (
          <tr data-testid="usage-difference">
            <th scope="row">reported − predicted</th>
            {FIGURES.map(([key]) => (
              <td key={key}>{signed(reported[key] - predicted[key])}</td>
            ))}
          </tr>
        )}
      </tbody>
    </table>
  );
}
