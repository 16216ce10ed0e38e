import type { DiagnosisBeside, ProviderDiagnosis } from '@/lib/traffic/provider-diagnosis';
import styles from './captures.module.css';

/** How a row names an earlier request of the timeline. */
export type RequestLabel = (earlier: { source: string; index: number; atMs: number }) => string;

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
 * finding about one of them, so it is said in words, not only in colour. `label` names the earlier
 * request as the rest of its row does.
 */
export function ProviderDiagnosisCell({ diagnosis, label }: { diagnosis: DiagnosisBeside | null; label: RequestLabel }) {
  if (diagnosis === null) return <span className={styles.muted}>Not asked</span>;
  const { provider, asked, earlier, ours, agrees } = diagnosis;
  if (asked === null) {
    return (
      <span data-testid="traffic-diagnosis" data-agrees="not compared" className={styles.muted}>
        Asked with no earlier answer to compare with: the first of its chain.
      </span>
    );
  }
  const against = earlier === null ? `${asked}, not among these requests` : label(earlier);
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
