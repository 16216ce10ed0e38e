import { formatDollars } from '@/lib/provider-cache/request-cost';
import type { BreakpointWhatIf, SessionInput } from '@/lib/traffic/breakpoint-what-if';
import styles from './captures.module.css';
import { TableFrame } from './table-frame';

const tokens = (value: number) => Math.round(value).toLocaleString('en-US');

function saving(dollars: number): string {
  if (Math.abs(dollars) < 0.00005) return 'the same';
  const figure = formatDollars({ dollars: Math.abs(dollars), complete: true, missing: [] });
  return dollars > 0 ? `saves ${figure}` : `costs ${figure} more`;
}

function Figures({ input }: { input: SessionInput }) {
  return (
    <>
      <td className={styles.figures}>{tokens(input.cachedTokens)}</td>
      <td className={styles.figures}>{tokens(input.writtenTokens)}</td>
      <td className={styles.figures}>{tokens(input.uncachedTokens)}</td>
      <td className={styles.figures}>{formatDollars(input.cost)}</td>
    </>
  );
}

/**
 * The session again with its breakpoints placed otherwise, each priced by the same rules as the
 * breakpoints it was sent with, and what the provider billed beside them: the saving a person can
 * act on, with the rules' own error in view.
 */
export function BreakpointWhatIfTable({ whatIf }: { whatIf: BreakpointWhatIf }) {
  if (whatIf.requests === 0) {
    return (
      <p className={styles.muted} data-testid="what-if-none">
        What if the breakpoints were placed otherwise: no request here went to a provider that caches at <code>cache_control</code> breakpoints (the others
        cache by prefix, wherever a request marks it).
      </p>
    );
  }
  return (
    <section aria-label="What if the breakpoints were placed otherwise" data-testid="what-if">
      <h3>What if the breakpoints were placed otherwise</h3>
      <p className={styles.muted}>
        The same {whatIf.requests} request{whatIf.requests === 1 ? '' : 's'}, in the same order and at the same times, through the same rules; only the{' '}
        <code>cache_control</code> blocks move. Input tokens and dollars at each model’s prices (cache writes at the 5-minute price).
      </p>
      <TableFrame>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Breakpoints</th>
              <th scope="col">Read</th>
              <th scope="col">Written</th>
              <th scope="col">Full price</th>
              <th scope="col">Input cost</th>
              <th scope="col">Against as sent</th>
            </tr>
          </thead>
          <tbody>
            {whatIf.outcomes.map((outcome) => (
              <tr key={outcome.placement.id} data-testid="what-if-row" data-placement={outcome.placement.id}>
                <th scope="row" className={styles.rowHead}>
                  {outcome.placement.label}
                  <div className={styles.muted}>{outcome.placement.description}</div>
                </th>
                <Figures input={outcome} />
                <td data-testid="what-if-saving">{outcome.placement.id === 'as-sent' ? '—' : saving(outcome.savingDollars)}</td>
              </tr>
            ))}
            {whatIf.billed === null ? null : (
              <tr data-testid="what-if-billed">
                <th scope="row" className={styles.rowHead}>
                  Billed
                  <div className={styles.muted}>
                    What the provider reported for these requests, at the same prices: how far the rules’ “as sent” is from it.
                  </div>
                </th>
                <Figures input={whatIf.billed} />
                <td>—</td>
              </tr>
            )}
          </tbody>
        </table>
      </TableFrame>
    </section>
  );
}
