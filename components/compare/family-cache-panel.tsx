'use client';

import { useEffect, useMemo, useState } from 'react';
import { familyCache } from '@/components/playground/fork-client';
import { FamilyCacheTable } from '@/components/preview/family-cache-table';
import { useForecastRules } from '@/components/preview/provider-rules-editor';
import { Input } from '@/components/ui/input';
import { type CompareSetup, variantLetter, variantRequest } from '@/lib/compare/compare-setup';
import { gapError } from '@/lib/compare/family-gap';
import type { ForkRequest, ParentTranscript } from '@/lib/fork';
import type { FamilyCachePreview } from '@/lib/fork-exchange/answers';
import { formatSeconds } from '@/lib/provider-cache/cache-prediction';
import type { ProviderRules } from '@/lib/provider-cache/provider-rules';
import styles from './compare.module.css';

type Answer = Extract<FamilyCachePreview, { status: 'ok' }>;

/** The variants' requests in order, and the letter of each one that could be built. */
function familyOf(setup: CompareSetup): { requests: ForkRequest[]; letters: string[] } {
  const requests: ForkRequest[] = [];
  const letters: string[] = [];
  setup.variants.forEach((variant, index) => {
    try {
      requests.push(variantRequest(variant, setup.directive));
      letters.push(variantLetter(index));
    } catch {
      // A variant whose fields do not make a request is shown as such on its card.
    }
  });
  return { requests, letters };
}

/**
 * The variants as one family: sent in their order, `gap` seconds apart, through each provider's
 * cache. Each later one reads what the parent and the earlier ones left, unless it expired first.
 */
export function FamilyCachePanel({ transcript, setup, readOnly = false }: { transcript: ParentTranscript; setup: CompareSetup; readOnly?: boolean }) {
  // What was typed stays in the field; the forecast uses the last gap that reads as one.
  const [typedGap, setTypedGap] = useState('0');
  const [gapSeconds, setGapSeconds] = useState(0);
  const gapProblem = gapError(typedGap);
  const [answer, setAnswer] = useState<{ key: string; value: Answer } | { key: string; error: string } | null>(null);
  const family = useMemo(() => familyOf(setup), [setup]);
  const rules = useForecastRules();
  const key = JSON.stringify([family.requests, gapSeconds, rules]);

  // Asked again only when what is asked changes (a run's progress changes the setup, not the key).
  useEffect(() => {
    const [requests, gap, keyRules] = JSON.parse(key) as [ForkRequest[], number, ProviderRules | null];
    if (requests.length === 0) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      familyCache(transcript, requests, gap, controller.signal, keyRules)
        .then(({ answer: value }) => setAnswer({ key, value }))
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setAnswer({ key, error: error instanceof Error ? error.message : String(error) });
        });
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [transcript, key]);

  const current = answer?.key === key ? answer : null;
  // Letters of the members the forecast planned (a refused variant is left out).
  const planned = current !== null && 'value' in current ? family.letters.filter((_, index) => current.value.members[index]?.skipped === undefined) : [];
  return (
    <section aria-label="Cache across the family" className={styles.gridSection} data-testid="family-cache" data-ready={current !== null || undefined}>
      <div className={styles.diffControls}>
        <h2>Cache across the family</h2>
        <label className={styles.inline}>
          <span>Send each variant</span>
          <Input
            inputMode="numeric"
            value={typedGap}
            readOnly={readOnly}
            className="w-20"
            aria-invalid={gapProblem !== null || undefined}
            aria-describedby={gapProblem === null ? undefined : 'family-gap-error'}
            data-testid="family-gap"
            onChange={(event) => {
              setTypedGap(event.target.value);
              if (gapError(event.target.value) === null) setGapSeconds(Number(event.target.value.trim()));
            }}
          />
          <span>seconds after the one before, in the order above</span>
        </label>
        {gapProblem === null ? null : (
          <p id="family-gap-error" className={styles.error} role="alert" data-testid="family-gap-error">
            {gapProblem} The forecast below still sends them {gapSeconds.toLocaleString('en-US')} s apart.
          </p>
        )}
      </div>
      {family.requests.length === 0 ? <p className={styles.muted}>No variant makes a request to forecast.</p> : null}
      {current === null && family.requests.length > 0 ? <p className={styles.muted}>Forecasting…</p> : null}
      {current !== null && 'error' in current ? (
        <p className={styles.error} role="alert">
          {current.error}
        </p>
      ) : null}
      {current !== null && 'value' in current && current.value.cache !== null ? (
        // The table scrolls sideways in its frame on a phone instead of widening the page.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes the focus so a keyboard can scroll it
        <section className={styles.scroll} tabIndex={0} aria-label="Cache across the family, by provider">
          <FamilyCacheTable report={current.value.cache} labels={planned} />
        </section>
      ) : null}
      {current !== null && 'value' in current ? <TtlNotes answer={current.value} letters={planned} requestLetters={family.letters} /> : null}
    </section>
  );
}

/** When the parent's prefix leaves each provider's cache if nobody reads it, and who would miss it. */
function TtlNotes({ answer, letters, requestLetters }: { answer: Answer; letters: readonly string[]; requestLetters: readonly string[] }) {
  const notes = (answer.cache?.forecasts ?? []).flatMap((forecast) => {
    const parentExpiry = forecast.parent.expiresAtMs;
    const missed = forecast.children.flatMap((child, index) => (child.missedByTtl ? [letters[index]] : []));
    if (parentExpiry === null && missed.length === 0) return [];
    const lifetime = parentExpiry === null ? '' : `the parent's prefix expires at ${formatSeconds(parentExpiry)} unless a child reads it first`;
    const misses = missed.length === 0 ? '' : `${missed.join(', ')} would miss: the prefix expired before ${missed.length === 1 ? 'it was' : 'they were'} sent`;
    return [
      <li key={forecast.provider} data-testid="family-ttl" data-provider={forecast.provider}>
        {forecast.name}: {[lifetime, misses].filter(Boolean).join('; ')}.
      </li>,
    ];
  });
  const skipped = answer.members.flatMap((member, index) => (member.skipped === undefined ? [] : [`variant ${requestLetters[index]} (${member.skipped})`]));
  return (
    <ul className={styles.muted}>
      {notes}
      {skipped.length > 0 ? <li>Left out: {skipped.join(', ')}.</li> : null}
    </ul>
  );
}
