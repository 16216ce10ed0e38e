'use client';

import Link from 'next/link';
import { openInPlayground } from '@/components/captures/open-capture';
import { OpenInPlayground } from '@/components/captures/open-in-playground';
import { cacheReuseTables } from '@/lib/runtime-matrix/cache-reuse-table';
import type { MatrixCell, RuntimeMatrix } from '@/lib/runtime-matrix/runtime-matrix';
import { CacheReuseView } from './cache-reuse-view';
import { cellState, MatrixOverview } from './matrix-overview';
import styles from './runtimes.module.css';

const OUTCOME: Record<MatrixCell['outcome'], string> = {
  matches: 'matches',
  'not-a-fork': 'not a fork',
  differs: 'differs',
  refused: 'refused',
  'no-fork-seen': 'no fork seen',
  'wrong-fork-count': 'wrong fork count',
  'not-delivered': 'not delivered',
  'runtime-failed': 'runtime failed',
};

/** The matrix `/runtimes` shows, and whether it was run here or ships with the repository. */
export interface ShownMatrix {
  matrix: RuntimeMatrix;
  source: 'here' | 'shipped';
}

/** The newest runtime matrix: the whole of it at a glance, each cache table, then every cell beside the others (stacked on a phone). */
export function RuntimeMatrixView({ shown }: { shown: ShownMatrix | null }) {
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1>Runtime matrix</h1>
        <p className={styles.muted}>
          The shipped runtimes, driven headless through Fork Lab with the offline model playing the parent; each cell is what the fork check made of their
          traffic. Run it with <code>npx fork-lab verify</code> (add <code>--runtime claude-code@&lt;version&gt;</code> for another release).{' '}
          <Link href="/">Playground</Link> · <Link href="/captures">Captured traffic</Link>
        </p>
      </header>
      {shown === null ? (
        <p role="status" data-testid="matrix-empty">
          No matrix has been run here yet. Run <code>npx fork-lab verify</code> (or <code>npm test</code>), then reload.
        </p>
      ) : (
        <MatrixBody matrix={shown.matrix} source={shown.source} />
      )}
    </main>
  );
}

function MatrixBody({ matrix, source }: ShownMatrix) {
  const green = matrix.cells.filter((cell) => cellState(cell) === 'green').length;
  const known = matrix.cells.filter((cell) => cellState(cell) === 'known').length;
  const ran = new Date(matrix.startedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <p data-testid="matrix-summary">
        <strong>
          {green} of {matrix.cells.length} cells green
        </strong>
        , {known} known difference{known === 1 ? '' : 's'} · {matrix.runtimes.map((runtime) => `${runtime.name}@${runtime.version}`).join(', ')} ·{' '}
        {source === 'here' ? `run here ${ran}` : `run ${ran}`} in {matrix.seconds} s
        {source === 'shipped' ? ' (the last run on main, shipped with the repository)' : ''}
      </p>
      {source === 'shipped' ? (
        <p className={`${styles.muted} ${styles.summary}`} data-testid="matrix-shipped">
          No verify has run on this machine: this is the matrix the repository ships. Run <code>npx fork-lab verify</code> to check these releases here, with
          each fork’s requests to open in the playground.
        </p>
      ) : null}
      <MatrixOverview matrix={matrix} />
      <CacheReuseView tables={cacheReuseTables(matrix)} />
      {matrix.scenarios.map((scenario) => {
        const cells = matrix.cells.filter((cell) => cell.scenario === scenario.id);
        if (cells.length === 0) return null;
        return (
          <section key={scenario.id} aria-labelledby={`scenario-${scenario.id}`} className={styles.scenario}>
            <h2 id={`scenario-${scenario.id}`}>
              {scenario.id} <span className={styles.muted}>— {scenario.title}</span>
            </h2>
            <div className={styles.cells}>
              {cells.map((cell) => (
                <CellCard key={`${cell.runtime}-${cell.scenario}`} cell={cell} openable={source === 'here'} />
              ))}
            </div>
          </section>
        );
      })}
      {matrix.planted.length > 0 ? (
        <section aria-labelledby="planted" className={styles.scenario}>
          <h2 id="planted">Planted wrong rules</h2>
          <p className={styles.muted}>Each runtime’s first green cell, read again by its older rules: the check must turn it red.</p>
          <ul>
            {matrix.planted.map((check) => (
              <li key={check.cell}>
                <strong>{check.caught ? 'caught' : 'MISSED'}</strong>: {check.cell} — {check.summary}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {(matrix.cannotRun ?? []).length > 0 ? (
        <section aria-labelledby="cannot-run" className={styles.scenario}>
          <h2 id="cannot-run">Cannot run here</h2>
          <ul>
            {(matrix.cannotRun ?? []).map((runtime) => (
              <li key={runtime.name}>
                {runtime.label}: {runtime.reason}.
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function CellCard({ cell, openable }: { cell: MatrixCell; openable: boolean }) {
  const shown = cellState(cell);
  return (
    <article className={styles.cell} data-state={shown} data-testid={`cell-${cell.runtime}-${cell.scenario}`} id={`cell-${cell.runtime}-${cell.scenario}`}>
      <h3>
        {cell.runtime}@{cell.version}
      </h3>
      <p>
        <span className={styles.badge} data-state={shown}>
          {shown === 'known' ? `known: ${OUTCOME[cell.outcome]}` : OUTCOME[cell.outcome]}
        </span>{' '}
        <span className={styles.muted}>
          {cell.requests} requests · {cell.seconds} s
        </span>
      </p>
      {cell.green ? <p className={styles.summary}>{cell.summary}</p> : <Difference text={cell.summary} />}
      {cell.known !== undefined ? (
        <details className={`${styles.summary} ${styles.muted}`} data-testid="cell-known">
          <summary>Known: {cell.known.length > 90 ? `${cell.known.slice(0, 90)}…` : cell.known}</summary>
          <p>{cell.known}</p>
        </details>
      ) : null}
      {cell.forks.map((fork) => (
        <p key={`${fork.parentId}-${fork.childId}`} className={styles.fork}>
          fork {fork.parentId}→{fork.childId} · {fork.announced === null ? 'runtime guessed' : `${fork.runtime} ${fork.announced.runtimeVersion} rules`}{' '}
          {openable ? (
            <OpenInPlayground
              open={() =>
                openInPlayground(
                  bundleUrl(cell, fork.parentId, fork.childId),
                  `verify-${cell.runtime}-${cell.scenario}-${fork.childId}.fork-lab.json`,
                  'fork-lab-bundle',
                )
              }
              testId="open-matrix-fork"
              label="Open in playground"
            />
          ) : null}
        </p>
      ))}
    </article>
  );
}

/** A long first difference (a whole system prompt) folded: its first line in view, the rest on demand. */
function Difference({ text }: { text: string }) {
  const head = text.length > 220 ? `${text.slice(0, 220)}…` : text;
  if (head === text) return <p className={styles.summary}>{text}</p>;
  return (
    <details className={styles.summary} data-testid="cell-difference">
      <summary>{head}</summary>
      <pre className={styles.pre}>{text}</pre>
    </details>
  );
}

function bundleUrl(cell: MatrixCell, parent: number, child: number): string {
  return `/api/runtimes/bundle?${new URLSearchParams({ runtime: cell.runtime, scenario: cell.scenario, parent: String(parent), child: String(child) })}`;
}
