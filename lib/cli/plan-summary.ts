import type { ForkPlan, ForkRequest } from '@/lib/fork';
import type { ImportResult } from '@/lib/import';
import { describeRequest } from '@/lib/view/describe-request';

const clip = (text: string, length = 200) => (text.length > length ? `${text.slice(0, length)}…` : text);
const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The plan for a person, in a few lines: what was asked, of which parent, and what the child gets. */
export function planSummary(imported: ImportResult, request: ForkRequest, plan: ForkPlan): string {
  const lines = [
    describeRequest(request),
    `parent: “${imported.title}” · ${plural(imported.transcript.messages.length, 'message')} · ${imported.report.formatLabel}`,
  ];
  if (plan.errors.length > 0) {
    lines.push('The runtime rejects this call:');
    for (const error of plan.errors) {
      lines.push(`  ${error.parameter}: ${error.message}`);
      if (error.explanation !== undefined) lines.push(`    (${error.explanation})`);
    }
    return lines.join('\n');
  }
  if (plan.child === null) {
    lines.push(`Not a fork: ${plan.freshReason ?? 'a regular subagent'}; the child inherits no history.`);
    return lines.join('\n');
  }
  const messages = plan.child.initialMessages;
  const copied = messages.filter((message) => message.source.kind === 'copy').length;
  lines.push(
    `window: ${plan.window?.description ?? 'none'} · ${plural(plan.window?.realTurns ?? 0, 'real user turn')}`,
    `child: ${plural(messages.length, 'initial message')} (${copied} from the parent, ${messages.length - copied} written by the runtime), then its first prompt`,
  );
  if (plan.cache !== null) {
    const { reusableMessages, systemMatches, toolsMatch } = plan.cache;
    lines.push(
      `cache: ${reusableMessages} of ${messages.length} messages a prefix cache can reuse (${plan.cache.modelMatches === false ? 'model differs, ' : ''}system ${systemMatches ? 'matches' : 'differs'}, tools ${toolsMatch ? 'match' : 'differ'})`,
    );
  }
  const { content } = plan.child.firstPrompt.message;
  const prompt = typeof content === 'string' ? content : content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
  lines.push(`first prompt: ${JSON.stringify(clip(prompt))}`);
  if (plan.family !== undefined) {
    const { family } = plan;
    lines.push(
      `family: ${family.tool} “${family.description}” starts ${plural(family.members.length, 'child', 'children')} together from one call; this plan is #${family.member}`,
    );
    for (const member of family.members) {
      lines.push(
        `  #${member.index} ${member.name} · item ${JSON.stringify(member.label)} · launch +${(member.launchAfterMs / 1000).toFixed(1)} s · ${JSON.stringify(clip(member.task, 120))}`,
      );
    }
  }
  for (const warning of plan.warnings) lines.push(`warning: ${warning}`);
  return lines.join('\n');
}
