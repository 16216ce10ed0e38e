/*
 * Claude Code's first system block is a billing line, `x-anthropic-billing-header: cc_version=…;
 * cc_entrypoint=…;` with optional fields after it. A subagent's (a fork's too) says so: it gains
 * ` cc_is_subagent=true;`, after `cc_entrypoint`, `cch` and `cc_workload` and before the per-request
 * fields (`_Ri` in the 2.1.328 binary; seen in 2.1.328 traffic, verify fork-all). The rest of the
 * system prompt is the parent's rendered prompt, unchanged.
 */

const HEADER = 'x-anthropic-billing-header:';
const SUBAGENT = ' cc_is_subagent=true;';
/** The fields that stand before the subagent mark, in the order `_Ri` writes them. */
const BEFORE_MARK = /^x-anthropic-billing-header: cc_version=[^;]*; cc_entrypoint=[^;]*;(?: cch=[^;]*;)?(?: cc_workload=[^;]*;)?/;

/** The parent's system instruction as its fork child sends it: the billing line marked as a subagent's. */
export function subagentSystemInstruction(parent: string): string {
  if (!parent.startsWith(HEADER)) return parent;
  const end = parent.indexOf('\n');
  const line = end === -1 ? parent : parent.slice(0, end);
  if (line.includes(SUBAGENT.trim())) return parent;
  const before = BEFORE_MARK.exec(line);
  if (before === null) return parent;
  return `${line.slice(0, before[0].length)}${SUBAGENT}${line.slice(before[0].length)}${end === -1 ? '' : parent.slice(end)}`;
}
