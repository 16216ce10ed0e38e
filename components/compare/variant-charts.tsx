'use client';

import { useMemo, useState } from 'react';
import { Bar, BarChart, CartesianGrid, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CACHE_TONES, thousands } from '@/components/charts/cache-tones';
import { NativeSelect } from '@/components/ui/input';
import type { CompareSetup } from '@/lib/compare/compare-setup';
import type { ForkCacheReport } from '@/lib/provider-cache/fork-cache-report';
import { formatDollars } from '@/lib/provider-cache/request-cost';
import styles from './compare.module.css';
import type { VariantPreview } from './use-compare-previews';

const COST = '#0b63ce';
const HEIGHT = 220;

/** One variant's first request at one provider: its tokens as the cache treats them, and its input cost. */
export interface VariantFigures {
  label: string;
  read: number;
  written: number;
  uncached: number;
  /** Null when a price it needs is not known: no bar, not a free one. */
  dollars: number | null;
  cost: string;
}

function reportOf(preview: VariantPreview | undefined): ForkCacheReport | null {
  return preview?.status === 'ok' && preview.preview.plan.child !== null ? (preview.preview.cache ?? null) : null;
}

/** The providers the forecasts cover, in their order, with their short names. */
function providersOf(reports: readonly (ForkCacheReport | null)[]): [string, string][] {
  const providers = new Map<string, string>();
  for (const report of reports) for (const forecast of report?.forecasts ?? []) providers.set(forecast.provider, forecast.name.split(' ')[0]!);
  return [...providers];
}

/** Each planned variant's first request at one provider, by the forecast the preview made. */
function figuresAt(provider: string, reports: readonly (ForkCacheReport | null)[], letters: readonly string[]): VariantFigures[] {
  return reports.flatMap((report, index) => {
    const child = report?.forecasts.find((forecast) => forecast.provider === provider)?.children[0];
    if (child === undefined) return [];
    const { prediction, cost } = child;
    const priced = cost.complete || cost.dollars > 0;
    // Dollars round to a millionth: a first request often costs a fraction of a cent.
    return [
      {
        label: letters[index]!,
        read: prediction.cachedTokens,
        written: prediction.writtenTokens,
        uncached: prediction.uncachedTokens,
        dollars: priced ? Math.round(cost.dollars * 1e6) / 1e6 : null,
        cost: formatDollars(cost),
      },
    ];
  });
}

const dollars = (value: unknown) => (typeof value === 'number' ? `$${value < 0.01 ? value.toFixed(4) : value.toFixed(2)}` : String(value));

/**
 * Compare's figures as pictures, at one provider at a time: each variant's first request as the
 * provider's cache treats it (read, written, sent uncached) and what its input costs.
 */
export function VariantCharts({
  setup,
  letters,
  previews,
}: {
  setup: CompareSetup;
  letters: readonly string[];
  previews: ReadonlyMap<string, VariantPreview>;
}) {
  const reports = useMemo(() => setup.variants.map((variant) => reportOf(previews.get(variant.id))), [setup, previews]);
  const providers = useMemo(() => providersOf(reports), [reports]);
  const [chosen, setChosen] = useState<string | null>(null);
  const provider = providers.find(([id]) => id === chosen)?.[0] ?? providers[0]?.[0] ?? null;
  const figures = useMemo(() => (provider === null ? [] : figuresAt(provider, reports, letters)), [provider, reports, letters]);
  if (provider === null || figures.length === 0) return <p className={styles.muted}>No variant plans a child yet: nothing to chart.</p>;
  const name = providers.find(([id]) => id === provider)![1];
  const unpriced = figures.filter((entry) => entry.dollars === null).map((entry) => entry.label);
  return (
    <div className={styles.charts} data-testid="variant-charts" data-provider={provider}>
      <label className={styles.inline}>
        <span>Provider</span>
        <NativeSelect value={provider} onChange={(event) => setChosen(event.target.value)} data-testid="chart-provider">
          {providers.map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </label>
      <div className={styles.chartRow}>
        <figure
          className={styles.chart}
          data-testid="variant-token-chart"
          data-values={figures.map((entry) => `${entry.label}:${entry.read}/${entry.written}/${entry.uncached}`).join(' ')}
        >
          <figcaption>First request at {name}, tokens</figcaption>
          <ResponsiveContainer width="100%" height={HEIGHT}>
            <BarChart data={figures} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" />
              <YAxis tickFormatter={thousands} width={52} />
              <Tooltip formatter={thousands} />
              <Legend />
              <Bar dataKey="read" name="read from cache" stackId="tokens" fill={CACHE_TONES.read} isAnimationActive={false} />
              <Bar dataKey="written" name="written to cache" stackId="tokens" fill={CACHE_TONES.written} isAnimationActive={false} />
              <Bar dataKey="uncached" name="uncached" stackId="tokens" fill={CACHE_TONES.uncached} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </figure>
        <figure
          className={styles.chart}
          data-testid="variant-cost-chart"
          data-values={figures.map((entry) => `${entry.label}:${entry.dollars ?? '–'}`).join(' ')}
        >
          <figcaption>
            First request’s input cost at {name}
            {unpriced.length > 0 && <span className={styles.muted}> · no price known for {unpriced.join(', ')}</span>}
          </figcaption>
          <ResponsiveContainer width="100%" height={HEIGHT}>
            <BarChart data={figures} margin={{ top: 20, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" />
              <YAxis tickFormatter={dollars} width={72} />
              <Tooltip formatter={dollars} />
              <Bar dataKey="dollars" name="input cost" fill={COST} isAnimationActive={false}>
                <LabelList dataKey="cost" position="top" fontSize={11} />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </figure>
      </div>
    </div>
  );
}
