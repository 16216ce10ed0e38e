import type { ForkCacheReport } from './fork-cache-report';

const count = (tokens: number) => tokens.toLocaleString('en-US');

/**
 * The providers whose model would refuse the child's first request for its size, in a sentence
 * for beside Launch (a forecast says so in its row, but a person reads the button first); null
 * when every provider's model takes it.
 */
export function oversizedWarning(report: ForkCacheReport): string | null {
  const refusing = report.forecasts.filter((forecast) =>
    report.acceptance
      .find((entry) => entry.provider === forecast.provider)
      ?.findings.some((finding) => finding.kind === 'context-window' && finding.verdict === 'refuses'),
  );
  if (refusing.length === 0) return null;
  const tokens = Math.max(...refusing.map((forecast) => forecast.children[report.focus]!.prediction.totalTokens));
  const names = refusing.map((forecast) => `${forecast.name} (${forecast.model})`);
  const listed = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `Too long for ${listed}: about ${count(tokens)} input tokens, past ${refusing.length === 1 ? 'its model’s' : 'their models’'} context window. The provider would refuse it unread.`;
}
