'use client';

import { formatSeconds } from '@/lib/provider-cache/cache-prediction';
import type { ForkCacheReport } from '@/lib/provider-cache/fork-cache-report';
import { formatDollars } from '@/lib/provider-cache/request-cost';
import styles from './provider-cache.module.css';

/**
 * Children of one parent sent one after another, per provider: what each reads from the cache
 * (the parent's prefix and what earlier siblings wrote), whether it came too late, and the family's cost.
 */
export function FamilyCacheTable({ report, labels }: { report: ForkCacheReport; labels: readonly string[] }) {
  const times = report.forecasts[0]?.children.map((child) => child.atMs) ?? [];
  return (
    <table className={styles.table} data-testid="family-cache-table">
      <thead>
        <tr>
          <th scope="col">Cached tokens</th>
          {times.map((atMs, index) => (
            <th key={labels[index]} scope="col">
              {labels[index]} <span className={styles.sources}>at {formatSeconds(atMs)}</span>
            </th>
          ))}
          <th scope="col">Family input cost</th>
        </tr>
      </thead>
      <tbody>
        {report.forecasts.map((forecast) => (
          <tr key={forecast.provider} data-testid="family-provider" data-provider={forecast.provider}>
            <th scope="row" title={forecast.model}>
              {forecast.name}
            </th>
            {forecast.children.map((child, index) => (
              <td key={labels[index]} className={styles.number} data-testid="family-cache-member" data-missed={child.missedByTtl || undefined}>
                {child.prediction.cachedTokens.toLocaleString('en-US')}
                {child.missedByTtl ? <strong> · expired first</strong> : null}
              </td>
            ))}
            <td className={styles.number} data-testid="family-cost">
              {formatDollars(forecast.familyCost)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
