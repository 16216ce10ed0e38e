import type { ModelMessage, ToolDeclaration } from '@/lib/fork';
import { ACCEPTANCE_RULES, type AcceptanceVerdict, TOOL_NAME_RULES } from './acceptance-rules';
import type { ProviderId, RuleSource } from './provider-rules';
import { PROVIDER_IDS } from './provider-rules';
import { type ProblemKind, requestProblems } from './request-problems';

/** One reason behind a provider's badge. */
export interface AcceptanceFinding {
  kind: ProblemKind | 'tool-name';
  verdict: AcceptanceVerdict;
  messageIndex: number | null;
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
  const problems = requestProblems(messages);
  const names = new Set([...tools.map((tool) => tool.name)]);
  return PROVIDER_IDS.map((provider): ProviderAcceptance => {
    const findings: AcceptanceFinding[] = problems.flatMap((problem) => {
      const rule = ACCEPTANCE_RULES[problem.kind][provider];
      if (rule.verdict === 'accepts') return [];
      return [
        {
          kind: problem.kind,
          verdict: rule.verdict,
          messageIndex: problem.messageIndex,
          detail: problem.detail,
          ...(rule.error === undefined ? {} : { error: rule.error }),
          ...(rule.source === undefined ? {} : { source: rule.source }),
        },
      ];
    });
    const nameRule = TOOL_NAME_RULES[provider];
    for (const name of names) {
      if (!nameRule.pattern.test(name))
        findings.push({ kind: 'tool-name', verdict: 'refuses', messageIndex: null, detail: `tool "${name}"`, error: nameRule.rule, source: nameRule.source });
    }
    const status = findings.some((finding) => BLOCKING.has(finding.verdict))
      ? 'refused'
      : findings.some((finding) => UNSURE.has(finding.verdict))
        ? 'uncertain'
        : 'accepted';
    return { provider, status, findings };
  });
}
