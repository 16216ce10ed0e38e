'use client';

import { useMemo, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, type TooltipContentProps, XAxis, YAxis } from 'recharts';
import type { NameType, ValueType } from 'recharts/types/component/DefaultTooltipContent';
import { CACHE_TONES, thousands } from '@/components/charts/cache-tones';
import type { TimelineEntry } from '@/lib/traffic/cache-timeline';
import { defaultBasis, type TimelineBar, type TimelineBasis, timelineBars } from '@/lib/view/cache-timeline-figures';
import styles from './captures.module.css';

const HEIGHT = 220;
const BASES: Record<TimelineBasis, string> = { reported: 'as the provider reported', predicted: 'as the rule predicts' };

function BarTooltip({ active, payload }: TooltipContentProps<ValueType, NameType>) {
  const bar = payload?.[0]?.payload as TimelineBar | undefined;
  if (active !== true || bar === undefined) return null;
  return (
    <div className={styles.chartTooltip}>
      <strong>{bar.label}</strong> · {bar.verdict}
      {bar.known ? (
        <div>
          {thousands(bar.read)} read · {thousands(bar.written)} written · {thousands(bar.uncached)} uncached
        </div>
      ) : (
        <div>no figures on this basis</div>
      )}
    </div>
  );
}

/**
 * The timeline's requests as stacked bars, in the table's order: each one's tokens read from the
 * cache, written to it and sent uncached, as reported or as predicted. A cache that works reads
 * most of each request after the first; a bar that turns grey or amber is where it stopped.
 * Clicking a bar opens its row below.
 */
export function CacheTimelineChart({
  entries,
  named,
  onPick,
}: {
  entries: readonly TimelineEntry[];
  named: (entry: TimelineEntry) => string;
  onPick: (row: number) => void;
}) {
  const [chosen, setChosen] = useState<TimelineBasis | null>(null);
  const basis = chosen ?? defaultBasis(entries);
  const bars = useMemo(() => timelineBars(entries, basis, named), [entries, basis, named]);
  if (bars.length === 0) return null;
  const unknown = bars.filter((bar) => !bar.known).length;
  return (
    <figure
      className={styles.chart}
      data-testid="timeline-chart"
      data-basis={basis}
      data-values={bars.map((bar) => `${bar.read}/${bar.written}/${bar.uncached}`).join(' ')}
    >
      <figcaption>
        Tokens per request,{' '}
        <select
          value={basis}
          onChange={(event) => setChosen(event.target.value as TimelineBasis)}
          data-testid="timeline-chart-basis"
          aria-label="Which figures"
        >
          {(Object.keys(BASES) as TimelineBasis[]).map((each) => (
            <option key={each} value={each}>
              {BASES[each]}
            </option>
          ))}
        </select>
        {unknown > 0 && (
          <span className={styles.muted}>
            {' '}
            · {unknown} request{unknown === 1 ? '' : 's'} without figures on this basis
          </span>
        )}
      </figcaption>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <BarChart data={bars} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} maxBarSize={56}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" interval="preserveStartEnd" minTickGap={8} fontSize={11} />
          <YAxis tickFormatter={thousands} width={56} fontSize={11} />
          <Tooltip content={BarTooltip} />
          <Legend />
          {(['read', 'written', 'uncached'] as const).map((kind) => (
            <Bar
              key={kind}
              dataKey={kind}
              name={kind === 'read' ? 'read from cache' : kind === 'written' ? 'written to cache' : 'uncached'}
              stackId="tokens"
              fill={CACHE_TONES[kind]}
              isAnimationActive={false}
              cursor="pointer"
              onClick={(item) => onPick((item.payload as TimelineBar).row)}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
