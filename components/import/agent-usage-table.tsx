'use client';

import { useForecastRules } from '@/components/preview/provider-rules-editor';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { AgentUsage } from '@/lib/import/agent-usage';
import { modelRuleFor } from '@/lib/provider-cache/model-rule-for';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import { usageDollars } from '@/lib/provider-cache/usage-cost';

const tokens = (value: number) => value.toLocaleString('en-US');

/** An agent's dollars at its model's Anthropic prices, or why there is no figure. */
function dollarsOf(agent: AgentUsage, rules: typeof PROVIDER_RULES): string {
  const model = agent.model === null ? null : modelRuleFor(rules, 'anthropic', agent.model);
  if (model === null) return agent.model === null ? '—' : `no prices for ${agent.model}`;
  const cost = usageDollars({ ...agent.usage, format: 'anthropic' }, {}, model);
  return `${cost.complete ? '' : '≥ '}$${cost.dollars.toFixed(2)}`;
}

/**
 * What each agent of an imported session asked its provider for: the parent and every sub-agent
 * (its sidechain), each answer once. The sum is the session's cost; a tool that skips sidechains
 * shows the parent's row alone.
 */
export function AgentUsageTable({ agents }: { agents: readonly AgentUsage[] }) {
  const rules = useForecastRules() ?? PROVIDER_RULES;
  const counted = agents.filter((agent) => agent.requests > 0);
  if (counted.length === 0) return null;
  return (
    <section aria-label="What each agent cost" data-testid="agent-usage">
      <h3>What each agent cost</h3>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Agent</TableHead>
            <TableHead scope="col">Requests</TableHead>
            <TableHead scope="col">Cache read</TableHead>
            <TableHead scope="col">Cache written</TableHead>
            <TableHead scope="col">Uncached</TableHead>
            <TableHead scope="col">Output</TableHead>
            <TableHead scope="col">Dollars</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {counted.map((agent) => (
            <TableRow key={agent.agent} data-testid="agent-usage-row" data-sidechain={agent.sidechain}>
              <TableCell>
                {agent.sidechain ? 'Sub-agent: ' : ''}
                {agent.label}
                {agent.model === null ? '' : <span className="block text-xs text-muted-foreground">{agent.model}</span>}
              </TableCell>
              <TableCell>{agent.requests}</TableCell>
              <TableCell>{tokens(agent.usage.cachedTokens)}</TableCell>
              <TableCell>{tokens(agent.usage.writtenTokens)}</TableCell>
              <TableCell>{tokens(agent.usage.uncachedTokens)}</TableCell>
              <TableCell>{tokens(agent.usage.outputTokens)}</TableCell>
              <TableCell data-testid="agent-usage-dollars">{dollarsOf(agent, rules)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
