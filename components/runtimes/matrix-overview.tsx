import { FORK_RUNTIMES } from '@/lib/fork';
import type { MatrixCell, RuntimeMatrix } from '@/lib/runtime-matrix/runtime-matrix';
import styles from './runtimes.module.css';

export type CellState = 'green' | 'known' | 'red';

export function cellState(cell: MatrixCell): CellState {
  if (cell.known !== undefined) return cell.green ? 'red' : 'known';
  return cell.green ? 'green' : 'red';
}

const MARK: Record<CellState, string> = { green: '✓', known: '~', red: '✗' };
const WORD: Record<CellState, string> = { green: 'green', known: 'known difference', red: 'red' };

/** The whole matrix at a glance: scenarios down, runtimes across, each cell a mark that jumps to its card. */
export function MatrixOverview({ matrix }: { matrix: RuntimeMatrix }) {
  return (
    <div className={styles.overview} data-testid="matrix-overview">
      <table>
        <caption className={styles.muted}>✓ green · ~ known difference · ✗ red · — no such scenario for that runtime</caption>
        <thead>
          <tr>
            <th scope="col">scenario</th>
            {matrix.runtimes.map((runtime) => (
              <th key={runtime.name} scope="col">
                {runtime.name}
                <br />
                <span className={styles.muted}>{runtime.version}</span>
                <br />
                {/* The fork runtimes' ids it ships, as the playground, the CLI and the API name them. */}
                <span className={styles.muted} data-testid="matrix-runtime-ids">
                  {FORK_RUNTIMES.filter((candidate) => candidate.shippedAs === runtime.name)
                    .map((candidate) => candidate.policy)
                    .join(', ')}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.scenarios.map((scenario) => (
            <tr key={scenario.id}>
              <th scope="row">{scenario.id}</th>
              {matrix.runtimes.map((runtime) => {
                const cell = matrix.cells.find((candidate) => candidate.runtime === runtime.name && candidate.scenario === scenario.id);
                if (cell === undefined) return <td key={runtime.name}>—</td>;
                const shown = cellState(cell);
                return (
                  <td key={runtime.name}>
                    <a
                      className={styles.dot}
                      data-state={shown}
                      href={`#cell-${cell.runtime}-${cell.scenario}`}
                      aria-label={`${runtime.name} ${scenario.id}: ${WORD[shown]}`}
                      title={cell.summary.slice(0, 200)}
                    >
                      {MARK[shown]}
                    </a>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
