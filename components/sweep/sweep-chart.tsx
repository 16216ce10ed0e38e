'use client';

import { forwardRef } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import type { ModelCacheRule } from '@/lib/provider-cache/provider-rules';
import { usageDollars } from '@/lib/provider-cache/usage-cost';
import type { SweepResult } from '@/lib/sweep/run-sweep';

export interface SweepChartProps {
  result: SweepResult;
  /** Plot dollars at this model's prices instead of input tokens. */
  dollarsAt?: ModelCacheRule | null;
  width?: number;
  height?: number;
}

/**
 * Input tokens (bars) against checks passed (line) per variant, the smallest passing window
 * marked. A fixed size, not a responsive container: the same SVG is copied into the HTML report.
 */
export const SweepChart = forwardRef<HTMLDivElement, SweepChartProps>(function SweepChart({ result, dollarsAt = null, width = 720, height = 280 }, ref) {
  const data = result.variants.map((variant) => ({
    label: variant.label,
    // A variant that made no request (refused, no fork, failed) has no bar: a zero would read as free.
    size:
      variant.inputTokens === undefined
        ? null
        : dollarsAt === null
          ? variant.inputTokens
          : // Dollars round to a millionth: a first request often costs a fraction of a cent.
            Math.round(usageDollars(variant.usage, variant, dollarsAt).dollars * 1e6) / 1e6,
    checksPassed: variant.checks.filter((check) => check.passed).length,
  }));
  const measure = dollarsAt === null ? 'input tokens' : `dollars at ${dollarsAt.model}`;
  const checks = Math.max(1, ...result.variants.map((variant) => variant.checks.length));
  return (
    <div
      ref={ref}
      data-testid="sweep-chart"
      data-smallest={result.smallestPassing ?? ''}
      data-measure={measure}
      data-values={data.map((entry) => entry.size ?? '–').join(' ')}
    >
      <ComposedChart width={width} height={height} data={data} margin={{ top: 24, right: 24, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" />
        <YAxis yAxisId="tokens" label={{ value: measure, angle: -90, position: 'insideLeft' }} />
        <YAxis
          yAxisId="checks"
          orientation="right"
          domain={[0, checks]}
          allowDecimals={false}
          label={{ value: 'checks passed', angle: 90, position: 'insideRight' }}
        />
        <Tooltip />
        <Legend />
        <Bar yAxisId="tokens" dataKey="size" name={measure} fill="#0b63ce" isAnimationActive={false} />
        <Line yAxisId="checks" dataKey="checksPassed" name="checks passed" stroke="#1f7a3a" strokeWidth={2} isAnimationActive={false} />
        {result.smallestPassing === null ? null : (
          <ReferenceLine
            yAxisId="tokens"
            x={result.smallestPassing}
            stroke="#c62828"
            strokeWidth={2}
            label={{ value: 'smallest passing', position: 'top', fill: '#c62828' }}
          />
        )}
      </ComposedChart>
    </div>
  );
});
