'use client';

import { useState } from 'react';
import { TextChunks } from '@/components/text-diff/text-chunks';
import { Button } from '@/components/ui/button';
import { formatSeconds } from '@/lib/provider-cache/cache-prediction';
import type { ForkCacheReport, ProviderForecast } from '@/lib/provider-cache/fork-cache-report';
import type { ProviderAcceptance } from '@/lib/provider-cache/provider-acceptance';
import type { RuleSource } from '@/lib/provider-cache/provider-rules';
import { formatDollars } from '@/lib/provider-cache/request-cost';
import { FamilyCacheTable } from './family-cache-table';
import styles from './provider-cache.module.css';
import { ModelChoice, ProviderRulesEditor } from './provider-rules-editor';

const count = (tokens: number) => tokens.toLocaleString('en-US');

const clock = (ms: number | null) => (ms === null ? 'not published' : formatSeconds(ms));

function SourceLink({ label, source }: { label: string; source: RuleSource }) {
  const marks = `${source.thirdParty ? ' · third party' : ''}${source.uncertain ? ' · uncertain' : ''}`;
  return (
    <a href={source.url} target="_blank" rel="noreferrer" data-source-link title={`${source.url}, checked ${source.checked}${marks}`}>
      {label} ({source.checked}
      {marks})
    </a>
  );
}

/** The first place the child's request stops matching the parent's previous one, in Anthropic's words. */
export function MissExplainer({ report }: { report: ForkCacheReport }) {
  const { explanation } = report;
  if (explanation.reason === null) {
    return (
      <div className={styles.explainer} data-testid="cache-explainer" data-reason="none">
        No miss: the child’s request begins with the parent’s whole previous request ({count(report.previousMessages)} message
        {report.previousMessages === 1 ? '' : 's'}), model, tools and system instruction alike.
      </div>
    );
  }
  return (
    <div className={styles.explainer} data-testid="cache-explainer" data-reason={explanation.reason}>
      <strong>{explanation.reason}</strong> at <code data-testid="cache-explainer-path">{explanation.path}</code>: everything from here on is a miss
      {explanation.sharedMessages > 0 ? ` (the first ${count(explanation.sharedMessages)} messages match)` : ''}.
      {/* Closed at first: the reason and the place are the news; the texts on either side are for whoever wants them. */}
      <details data-testid="cache-explainer-where">
        <summary>Where the two requests part</summary>
        <TextChunks chunks={explanation.diff} testId="cache-explainer-diff" />
      </details>
    </div>
  );
}

function AcceptanceBadge({ acceptance }: { acceptance: ProviderAcceptance | undefined }) {
  if (acceptance === undefined) return null;
  const label = { accepted: 'accepts', refused: 'refuses', uncertain: 'not sure' }[acceptance.status];
  return (
    <span className={styles.badge} data-status={acceptance.status} data-testid="acceptance-badge">
      {label}
    </span>
  );
}

function AcceptanceFindings({ acceptance }: { acceptance: ProviderAcceptance | undefined }) {
  if (acceptance === undefined || acceptance.findings.length === 0) return null;
  return (
    <ul className={styles.reasons} data-testid="acceptance-findings">
      {acceptance.findings.map((finding) => (
        <li key={`${finding.kind} ${finding.messageIndex} ${finding.detail}`}>
          {finding.verdict.replaceAll('-', ' ')}: {finding.kind.replaceAll('-', ' ')}
          {finding.messageIndex === null ? '' : ` at message ${finding.messageIndex}`} ({finding.detail})
          {finding.count > 1 ? ` and ${finding.count - 1} more place${finding.count === 2 ? '' : 's'}` : ''}
          {finding.error === undefined ? '' : ` — “${finding.error}”`}
          {finding.source !== undefined && (
            <>
              {' '}
              <SourceLink label="source" source={finding.source} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function ForecastRows({ forecast, acceptance, focus }: { forecast: ProviderForecast; acceptance: ProviderAcceptance | undefined; focus: number }) {
  const child = forecast.children[focus]!;
  const prediction = child.prediction;
  // A request past the model's window is never read, so it has no price: the row says why instead.
  const oversized = acceptance?.findings.find((finding) => finding.kind === 'context-window' && finding.verdict === 'refuses');
  return (
    <tbody data-testid="provider-forecast" data-provider={forecast.provider}>
      <tr>
        <th scope="row">
          {forecast.name} <AcceptanceBadge acceptance={acceptance} />
          <div>
            <ModelChoice provider={forecast.provider} model={forecast.model} />
          </div>
        </th>
        <td className={styles.number} data-testid="forecast-cached">
          {count(prediction.cachedTokens)}
        </td>
        <td className={styles.number} data-testid="forecast-written">
          {count(prediction.writtenTokens)}
        </td>
        <td className={styles.number} data-testid="forecast-uncached">
          {count(prediction.uncachedTokens)}
        </td>
        {oversized === undefined ? (
          <td className={styles.number} data-testid="forecast-cost" title={child.cost.complete ? undefined : `Unknown price: ${child.cost.missing.join(', ')}`}>
            {formatDollars(child.cost)}
          </td>
        ) : (
          <td className={styles.number} data-testid="forecast-cost" data-refused="true" title={oversized.detail}>
            refused
          </td>
        )}
      </tr>
      <tr className={styles.whyRow}>
        <td colSpan={5}>
          <details>
            <summary className={styles.sources}>
              Why · {forecast.mechanism}
              {forecast.minimumTokens > 0 ? ` from ${count(forecast.minimumTokens)} tokens` : ''} · prefix expires {clock(prediction.expiresAtMs)}
              {prediction.expiresAtMs === null ? '' : ': a sibling sent later misses it'}
            </summary>
            <ul className={styles.reasons} data-testid="forecast-reasons">
              {prediction.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
              <li>Lifetime: {forecast.ttlOptions}.</li>
            </ul>
            <AcceptanceFindings acceptance={acceptance} />
            <p className={styles.sources}>
              <SourceLink label="rule" source={forecast.sources.rule} /> · <SourceLink label="prices" source={forecast.sources.prices} /> ·{' '}
              <SourceLink label="minimum" source={forecast.sources.minimum} />
            </p>
          </details>
        </td>
      </tr>
    </tbody>
  );
}

/** Anthropic's own count of the request, asked for on demand (it needs the server's key and a network call). */
function AnthropicCount({ count, o200kTotal }: { count: () => Promise<number>; o200kTotal: number | null }) {
  const [state, setState] = useState<{ tokens: number } | { error: string } | 'counting' | null>(null);
  return (
    <p className={styles.sources} data-testid="anthropic-count">
      <Button
        disabled={state === 'counting'}
        onClick={() => {
          setState('counting');
          count().then(
            (tokens) => setState({ tokens }),
            (error: unknown) => setState({ error: error instanceof Error ? error.message : String(error) }),
          );
        }}
      >
        Count with Anthropic
      </Button>{' '}
      {state !== null && state !== 'counting' && 'tokens' in state
        ? `Anthropic counts ${state.tokens.toLocaleString('en-US')} tokens${o200kTotal === null ? '' : ` (o200k: ${o200kTotal.toLocaleString('en-US')})`}.`
        : null}
      {state !== null && state !== 'counting' && 'error' in state ? <span role="alert">{state.error}</span> : null}
    </p>
  );
}

/** Per provider: what the child's first request reads from the cache, writes, costs and whether it is taken at all. */
export function ProviderCachePanel({
  report,
  o200kTotal = null,
  countWithAnthropic,
}: {
  report: ForkCacheReport;
  o200kTotal?: number | null;
  countWithAnthropic?: (() => Promise<number>) | undefined;
}) {
  return (
    <details className={styles.panel} data-testid="provider-cache" open>
      <summary>Cache, cost and acceptance by provider</summary>
      <MissExplainer report={report} />
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Provider</th>
              <th scope="col">Cached</th>
              <th scope="col">Written</th>
              <th scope="col">Uncached</th>
              <th scope="col">Input cost</th>
            </tr>
          </thead>
          {report.forecasts.map((forecast) => (
            <ForecastRows
              key={forecast.provider}
              forecast={forecast}
              focus={report.focus}
              acceptance={report.acceptance.find((entry) => entry.provider === forecast.provider)}
            />
          ))}
        </table>
      </div>
      {report.forecasts[0] !== undefined && report.forecasts[0].children.length > 1 && (
        <>
          <h3>The family, on the runtime’s launch schedule</h3>
          <div className={styles.scroll}>
            <FamilyCacheTable report={report} labels={report.labels ?? report.forecasts[0].children.map((_, index) => `#${index + 1}`)} />
          </div>
        </>
      )}
      {countWithAnthropic && <AnthropicCount count={countWithAnthropic} o200kTotal={o200kTotal} />}
      <ProviderRulesEditor />
      <p className={styles.sources}>
        Tokens are counted with o200k (OpenAI’s tokenizer); the other providers count differently, so their figures are estimates. The child is sent right after
        the parent’s previous request; “prefix expires” is when what it read or wrote leaves the cache if no sibling reads it first.
      </p>
    </details>
  );
}
