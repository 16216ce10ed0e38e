'use client';

import type { ForkCacheReport } from '@/lib/provider-cache/fork-cache-report';
import { formatDollars } from '@/lib/provider-cache/request-cost';
import styles from './variant-cache.module.css';

const STATUS_WORD = { accepted: 'accepts', refused: 'refuses', uncertain: 'not sure' } as const;
/** The word as a mark, so a narrow column keeps the figures in view; the word stays for a screen reader and on hover. */
const STATUS_MARK = { accepted: '✓', refused: '✗', uncertain: '?' } as const;

/**
 * One variant's cache in a line per provider: tokens read from the parent's cache, the first
 * request's input cost, and whether the provider takes the request; then where it first misses.
 */
export function VariantCache({ report }: { report: ForkCacheReport }) {
  const { explanation } = report;
  return (
    <div className={styles.variantCache} data-testid="variant-cache">
      <p className={styles.muted} data-testid="variant-cache-reason" data-reason={explanation.reason ?? 'none'}>
        {explanation.reason === null ? (
          'Repeats the parent’s whole previous request.'
        ) : (
          <>
            <strong>{explanation.reason}</strong> at <code>{explanation.path}</code>
          </>
        )}
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">
              <span className="sr-only">provider</span>
            </th>
            <th scope="col" title="tokens the child's first request reads from the cache">
              cached
            </th>
            <th scope="col" title="the first request's input cost">
              input
            </th>
            <th scope="col">
              <span className="sr-only">takes the request</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {report.forecasts.map((forecast) => {
            const child = forecast.children[0]!;
            const status = report.acceptance.find((entry) => entry.provider === forecast.provider)?.status;
            return (
              <tr key={forecast.provider} data-testid="variant-cache-provider" data-provider={forecast.provider} data-acceptance={status}>
                <th scope="row" title={forecast.model}>
                  {forecast.name.split(' ')[0]}
                </th>
                <td title="tokens read from the cache">{child.prediction.cachedTokens.toLocaleString('en-US')}</td>
                <td>{formatDollars(child.cost)}</td>
                <td title={status === undefined ? undefined : `the provider ${STATUS_WORD[status]} the request`} data-status={status}>
                  {status === undefined ? null : (
                    <>
                      <span aria-hidden="true">{STATUS_MARK[status]}</span>
                      <span className="sr-only">{STATUS_WORD[status]}</span>
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
