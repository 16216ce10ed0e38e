import { formatSeconds } from '@/lib/provider-cache/cache-prediction';
import type { DiagnosisBeside, ProviderDiagnosis } from '@/lib/traffic/provider-diagnosis';
import styles from './captures.module.css';

const tokens = (value: number) => Math.round(value).toLocaleString('en-US');

/** What the provider's words and Fork Lab's mean for a person: a change at a place, or none. */
const said = (reason: string | null) => (reason === null ? 'no divergence' : reason);

/** The provider's answer in words: a change and what it missed, none, or no answer yet. */
function providerSaid(provider: ProviderDiagnosis | null) {
  if (provider === null) return <>the answer carries no diagnosis</>;
  if (provider.pending) return <>still comparing when the answer was sent (inconclusive)</>;
  return (
    <>
      <strong>{said(provider.reason)}</strong>
      {provider.missedTokens !== null && `, ${tokens(provider.missedTokens)} tokens missed`}
    </>
  );
}

/**
 * The provider's own diagnosis of a request's cache miss (Anthropic's `diagnostics`) beside where
 * Fork Lab finds the same two requests part. The two agree or they do not; a disagreement is a
 * finding about one of them, so it is said in words, not only in colour. `name` says which log an
 * earlier request is in, where the rows come from several.
 */
export function ProviderDiagnosisCell({ diagnosis, startMs, name }: { diagnosis: DiagnosisBeside | null; startMs: number; name: (source: string) => string }) {
  if (diagnosis === null) return <span className={styles.muted}>Not asked</span>;
  const { provider, asked, earlier, ours, agrees } = diagnosis;
  if (asked === null) {
    return (
      <span data-testid="traffic-diagnosis" data-agrees="not compared" className={styles.muted}>
        Asked with no earlier answer to compare with: the first of its chain.
      </span>
    );
  }
  const against =
    earlier === null ? `${asked}, not among these requests` : `${name(earlier.source)}#${earlier.index} (+${formatSeconds(earlier.atMs - startMs)})`;
  return (
    <span data-testid="traffic-diagnosis" data-agrees={agrees === null ? 'not compared' : String(agrees)}>
      Against {against}: {providerSaid(provider)}.{' '}
      {agrees === null ? (
        <span className={styles.muted}>{ours === undefined ? 'Fork Lab cannot compare without that request.' : 'Not compared.'}</span>
      ) : (
        <span className={`${styles.verdict} ${styles.sentence}`} data-verdict={agrees ? 'matches' : 'differs'}>
          {agrees ? '✓ Fork Lab finds the same' : `✗ Fork Lab finds ${said(ours ?? null)}: a finding`}
        </span>
      )}
    </span>
  );
}
