'use client';

import { memo } from 'react';
import { Button } from '@/components/ui/button';
import { baselineLine, type Disagreements, patternLine } from '@/lib/compare/disagreements';
import styles from './disagreement-summary.module.css';

/** At most this many patterns are listed; the rest are counted. */
const LISTED = 8;

/**
 * How the variants disagree, above the grid: each pattern of disagreement in one line with its rows
 * (a button that shows only those rows), and each variant against the baseline in one line.
 */
export const DisagreementSummary = memo(function DisagreementSummary(props: {
  found: Disagreements;
  letters: readonly string[];
  baseline: number;
  selected: string | null;
  onSelect(pattern: { key: string; rows: readonly number[] } | null): void;
}) {
  const { found, letters, baseline, selected, onSelect } = props;
  const inherited = found.patterns.filter((pattern) => pattern.kind === 'parent').reduce((sum, pattern) => sum + pattern.rows.length, 0);
  const added = found.patterns.filter((pattern) => pattern.kind === 'added').reduce((sum, pattern) => sum + pattern.rows.length, 0);
  return (
    <div className={styles.disagreements} data-testid="disagreements">
      <p className={styles.muted} data-testid="disagreements-count">
        {found.patterns.length === 0
          ? 'Every child gets the same parent messages.'
          : `The children differ on ${inherited} parent message${inherited === 1 ? '' : 's'} and ${added} added message${added === 1 ? '' : 's'}, in ${found.patterns.length} pattern${found.patterns.length === 1 ? '' : 's'}.`}
        {found.ruleOnly > 0
          ? ` ${found.ruleOnly} more parent message${found.ruleOnly === 1 ? ' differs' : 's differ'} only in the name of the rule that keeps or drops ${found.ruleOnly === 1 ? 'it' : 'them'}.`
          : ''}
      </p>
      {found.patterns.length > 0 && (
        <ul className={styles.patterns} aria-label="How the variants disagree">
          {found.patterns.slice(0, LISTED).map((pattern) => (
            <li key={pattern.key}>
              <Button
                className="justify-start whitespace-normal text-left"
                aria-pressed={selected === pattern.key}
                onClick={() => onSelect(selected === pattern.key ? null : pattern)}
                data-testid="disagreement-pattern"
              >
                {patternLine(pattern)}
              </Button>
            </li>
          ))}
          {found.patterns.length > LISTED && <li className={styles.muted}>and {found.patterns.length - LISTED} more patterns</li>}
        </ul>
      )}
      {found.against.length > 0 && (
        <ul className={styles.againstBaseline} aria-label="Each variant against the baseline">
          {found.against.map((difference) => (
            <li key={difference.variant} data-testid="against-baseline">
              {baselineLine(difference, letters, baseline)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
