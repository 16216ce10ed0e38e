'use client';

import { useRef, useState } from 'react';
import { downloadFile, fileSlug, prettyJson } from '@/components/export/download-file';
import { useProviderRules } from '@/components/preview/provider-rules-editor';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { sweepReportHtml } from '@/lib/export/sweep-report';
import type { SweepRecord } from '@/lib/sweep/sweep-record';
import styles from './sweep.module.css';
import { SweepChart } from './sweep-chart';

/** A finished sweep: the chart, the table with the smallest passing window marked, and its exports. */
export function SweepResults({ record, parentTitle, stale }: { record: SweepRecord; parentTitle: string; stale: boolean }) {
  const chart = useRef<HTMLDivElement>(null);
  const { rules } = useProviderRules();
  const [plotModel, setPlotModel] = useState('');
  const { result } = record;
  const name = `fork-lab-sweep-${fileSlug(parentTitle)}`;
  return (
    <div className={styles.results} data-testid="sweep-results">
      <p data-testid="sweep-smallest" className={styles.smallest}>
        {result.smallestPassing === null ? 'No variant passes every check.' : `Smallest passing window: ${result.smallestPassing}`}
        {stale ? <span className={styles.muted}> · run on an earlier version of the parent</span> : null}
      </p>
      <label className={styles.muted}>
        Plot{' '}
        <NativeSelect value={plotModel} onChange={(event) => setPlotModel(event.target.value)} data-testid="sweep-measure">
          <option value="">input tokens</option>
          {rules.models.map((model) => (
            <option key={model.model} value={model.model}>
              dollars at {model.model}
            </option>
          ))}
        </NativeSelect>
      </label>
      <SweepChart ref={chart} result={result} dollarsAt={rules.models.find((model) => model.model === plotModel) ?? null} />
      <div className={styles.exports}>
        <Button data-testid="sweep-export-json" onClick={() => downloadFile(`${name}.json`, prettyJson(record), 'application/json')}>
          Export JSON
        </Button>
        <Button
          data-testid="sweep-export-html"
          onClick={() => {
            // The chart as drawn (its SVG and the legend beside it), copied into the page whole.
            const drawn = chart.current?.innerHTML ?? null;
            downloadFile(`${name}.html`, sweepReportHtml(record, parentTitle, drawn), 'text/html');
          }}
        >
          Export HTML report
        </Button>
      </div>
      <Table data-testid="sweep-table">
        <TableHeader>
          <TableRow>
            <TableHead>variant</TableHead>
            <TableHead>status</TableHead>
            <TableHead>messages</TableHead>
            <TableHead>input tokens</TableHead>
            <TableHead>shared prefix</TableHead>
            <TableHead>output tokens</TableHead>
            <TableHead>checks</TableHead>
            <TableHead>output</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {result.variants.map((variant) => {
            const passed = variant.checks.filter((check) => check.passed).length;
            const smallest = variant.label === result.smallestPassing;
            return (
              <TableRow
                key={variant.label}
                className={smallest ? styles.smallestRow : undefined}
                data-testid="sweep-row"
                data-label={variant.label}
                data-status={variant.status}
                data-smallest={smallest || undefined}
              >
                <TableCell>
                  {variant.label}
                  {smallest ? ' ★' : ''}
                </TableCell>
                <TableCell className={styles[variant.status]}>{variant.status}</TableCell>
                <TableCell className="text-right tabular-nums">{variant.initialMessages}</TableCell>
                <TableCell className="text-right tabular-nums">{variant.inputTokens ?? ''}</TableCell>
                <TableCell className="text-right tabular-nums">{variant.sharedPrefixMessages ?? ''}</TableCell>
                <TableCell className="text-right tabular-nums">{variant.outputTokens ?? ''}</TableCell>
                <TableCell>
                  {variant.status === 'rejected' || variant.status === 'error' ? (
                    <span className={styles.error}>{(variant.errors ?? []).join(' ')}</span>
                  ) : (
                    <>
                      {passed}/{variant.checks.length}
                      {variant.checks
                        .filter((check) => !check.passed)
                        .map((check) => (
                          <div key={check.check} className={styles.muted}>
                            {check.check}: {check.reason}
                          </div>
                        ))}
                    </>
                  )}
                </TableCell>
                <TableCell className="min-w-[24ch] max-w-[60ch] whitespace-pre-line align-top" data-testid="sweep-output">
                  {variant.output}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
