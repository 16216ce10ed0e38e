import { type CacheReuseRow, percent, type RuntimeCacheTable, tokens } from '@/lib/runtime-matrix/cache-reuse-table';
import { CACHE_REUSE_NOTE } from '@/lib/runtime-matrix/matrix-report';
import styles from './runtimes.module.css';

/** Per runtime, what each green fork reused of its parent's cache: a bar for the shared prefix and what the cache reads of it. */
export function CacheReuseView({ tables }: { tables: readonly RuntimeCacheTable[] }) {
  if (tables.length === 0) return null;
  return (
    <section aria-labelledby="cache-reuse" className={styles.scenario} data-testid="cache-reuse">
      <h2 id="cache-reuse">What each fork reuses of its parent’s cache</h2>
      <p className={`${styles.muted} ${styles.summary}`}>{CACHE_REUSE_NOTE}</p>
      {tables.map((table) => (
        <div key={table.runtime} className={styles.reuseTable} data-testid={`cache-reuse-${table.runtime}`}>
          <h3>
            {table.runtime}@{table.version} <span className={styles.muted}>— priced as {table.pricedBy}</span>
          </h3>
          <div className={styles.tableScroll}>
            <table>
              <thead>
                <tr>
                  <th scope="col">scenario</th>
                  <th scope="col">fork</th>
                  <th scope="col">child’s first request, and what it shares</th>
                  <th scope="col">parts at</th>
                  <th scope="col">routing</th>
                  <th scope="col">TTL</th>
                  <th scope="col">first request: fork / cold</th>
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <ReuseRow key={`${row.scenario}-${row.fork}`} row={row} />
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ))}
    </section>
  );
}

function ReuseRow({ row }: { row: CacheReuseRow }) {
  const read = row.childTokens === 0 ? 0 : row.cachedTokens / row.childTokens;
  return (
    <tr data-testid="cache-reuse-row">
      <td data-label="scenario">{row.scenario}</td>
      <td data-label="fork" className={styles.mono}>
        {row.fork}
      </td>
      <td data-label="shares">
        <div>
          {/* Two bars on one track: the identical prefix, and the part of it the cache reads. */}
          <div
            className={styles.shareTrack}
            role="img"
            aria-label={`${percent(row.share)} of ${tokens(row.childTokens)} tokens identical, ${percent(read)} read from the cache`}
          >
            <span className={styles.shareBar} style={{ width: `${row.share * 100}%` }} />
            <span className={styles.readBar} style={{ width: `${read * 100}%` }} />
          </div>
          <span className={styles.muted}>
            {tokens(row.sharedTokens)} of {tokens(row.childTokens)} identical ({percent(row.share)}) · {tokens(row.cachedTokens)} read
          </span>
        </div>
      </td>
      <td data-label="parts at" className={styles.mono}>
        {row.parting}
      </td>
      <td data-label="routing">{row.routing.join(', ')}</td>
      <td data-label="TTL">{row.ttls ?? '—'}</td>
      <td data-label="fork / cold">
        <span>
          {row.fork$} / {row.cold$}
          {row.saving === null ? null : <span className={styles.muted}> · {percent(row.saving)} saved</span>}
        </span>
      </td>
    </tr>
  );
}
