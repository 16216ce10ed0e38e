import type { ModelMessage, ToolDeclaration } from '@/lib/fork';
import { ACCEPTANCE_RULES, type AcceptanceVerdict, TOOL_NAME_RULES } from './acceptance-rules';
import type { ProviderId, RuleSource } from './provider-rules';
import { PROVIDER_IDS } from './provider-rules';
import { type ProblemKind, type RequestProblem, requestProblems } from './request-problems';

/** One reason behind a provider's badge. */
export interface AcceptanceFinding {
  kind: ProblemKind | 'tool-name' | 'context-window';
  verdict: AcceptanceVerdict;
  /** The first place it occurs (null for a tool declaration), and how often it does. */
  messageIndex: number | null;
  count: number;
  detail: string;
  error?: string;
  source?: RuleSource;
}

/** Would the provider take the child's first request as Fork Lab builds it? */
export interface ProviderAcceptance {
  provider: ProviderId;
  /** `refused` when some finding refuses; `uncertain` when a finding depends on the model or is unknown. */
  status: 'accepted' | 'refused' | 'uncertain';
  findings: AcceptanceFinding[];
}

const BLOCKING: ReadonlySet<AcceptanceVerdict> = new Set(['refuses']);
const UNSURE: ReadonlySet<AcceptanceVerdict> = new Set(['depends-on-model', 'unknown']);

/**
 * Every provider's verdict on one request: its problems (an unanswered call, a result without its
 * call, empty content, …) looked up in each provider's rules, and its tool names checked against
 * each provider's pattern. Reasoning sent back is not judged: whether it must be depends on a
 * thinking mode the request does not show.
 */
export function providerAcceptance(messages: readonly ModelMessage[], tools: readonly ToolDeclaration[]): ProviderAcceptance[] {
  // One finding per kind of problem, at its first place: a long history repeats the same one hundreds of times.
  const byKind = new Map<ProblemKind, { first: RequestProblem; count: number }>();
  for (const problem of requestProblems(messages)) {
    const known = byKind.get(problem.kind);
    if (known === undefined) byKind.set(problem.kind, { first: problem, count: 1 });
    else known.count += 1;
  }
  const names = new Set([...tools.map((tool) => tool.name)]);
  return PROVIDER_IDS.map((provider): ProviderAcceptance => {
    const findings: AcceptanceFinding[] = [...byKind.values()].flatMap(({ first, count }) => {
      const rule = ACCEPTANCE_RULES[first.kind][provider];
      if (rule.verdict === 'accepts') return [];
      return [
        {
          kind: first.kind,
          verdict: rule.verdict,
          messageIndex: first.messageIndex,
          count,
          detail: first.detail,
          ...(rule.error === undefined ? {} : { error: rule.error }),
          ...(rule.source === undefined ? {} : { source: rule.source }),
        },
      ];
    });
    const nameRule = TOOL_NAME_RULES[provider];
    for (const name of names) {
      if (!nameRule.pattern.test(name)) {
        findings.push({
          kind: 'tool-name',
          verdict: 'refuses',
          messageIndex: null,
          count: 1,
          detail: `tool "${name}"`,
          error: nameRule.rule,
          source: nameRule.source,
        });
      }
    }
    return { provider, status: acceptanceStatus(findings), findings };
  });
}

/** A provider's badge from its findings: any refusal refuses, any doubt is doubt. */
export function acceptanceStatus(findings: readonly AcceptanceFinding[]): ProviderAcceptance['status'] {
  if (findings.some((finding) => BLOCKING.has(finding.verdict))) return 'refused';
  return findings.some((finding) => UNSURE.has(finding.verdict)) ? 'uncertain' : 'accepted';
}

/** The acceptance with a provider's further findings (its model's context window, say) taken into its badge. */
export function withFindings(acceptance: readonly ProviderAcceptance[], more: ReadonlyMap<ProviderId, AcceptanceFinding>): ProviderAcceptance[] {
  return acceptance.map((entry) => {
    const finding = more.get(entry.provider);
    if (finding === undefined) return entry;
    const findings = [finding, ...entry.findings];
    return { ...entry, status: acceptanceStatus(findings), findings };
  });
}
