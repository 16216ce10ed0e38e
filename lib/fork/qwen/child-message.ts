import type { ChildFraming } from '../runtime';
import { profileGuidance } from './fork-profile';
import { executionRestriction } from './fork-tools';
import type { QwenVersion } from './qwen-versions';

/** The tag that marks the fork boilerplate; finding it in a history means "this agent is a fork". */
export const FORK_BOILERPLATE_TAG = 'fork-boilerplate';
export const FORK_DIRECTIVE_PREFIX = 'Directive: ';

/** Result every in-flight call gets in the child; identical across siblings so their prefixes match. */
export const FORK_PLACEHOLDER_RESULT = 'Fork started — processing in background';
/** The assistant's reply after the child message, so the first prompt can be a bare "Begin.". */
export const FORK_DIRECTIVE_ACKNOWLEDGEMENT = 'Understood. Executing directive now.';
export const FORK_BEGIN_PROMPT = 'Begin.';

const RULE_2_BEFORE_0_24 = '2. Do NOT converse, ask questions, or suggest next steps';
/** 0.24 can no longer ask the user anything from a fork, and says what to do instead. */
const RULE_2_FROM_0_24 =
  '2. Do NOT converse, ask questions, or suggest next steps. The ask_user_question tool cannot be executed. If missing user input blocks the directive, report the blocker to the parent in Issues and stop.';

/**
 * The rules a forked worker reads before its directive, byte for byte as Qwen Code's
 * `buildChildMessage` writes them: as shipped in 0.24.4 (its bundle, and its traffic in `verify`),
 * and before 0.24 as `packages/core/src/tools/agent/fork-subagent.ts` at `05c11b40` has them. A real
 * Qwen child and Fork Lab's plan of it then hold the same text, for the fork check and for the
 * token counts and cache prefix the preview shows.
 */
export function forkBoilerplate(version: QwenVersion): string {
  return FORK_BOILERPLATE_0_23.replace(RULE_2_BEFORE_0_24, version === '0.23' ? RULE_2_BEFORE_0_24 : RULE_2_FROM_0_24);
}

const FORK_BOILERPLATE_0_23 = `<${FORK_BOILERPLATE_TAG}>
STOP. READ THIS FIRST.

You are a forked worker process. You are NOT the main agent.

RULES (non-negotiable):
1. You ARE the fork. Do NOT spawn sub-agents; execute directly.
2. Do NOT converse, ask questions, or suggest next steps
3. Do NOT editorialize or add meta-commentary
4. USE your tools directly: Bash, Read, Write, etc.
5. If you modify files, report the files changed and verification performed. Do NOT create a commit unless the directive explicitly asks you to.
6. Do NOT emit text between tool calls. Use tools silently, then report once at the end.
7. Stay strictly within your directive's scope. If you discover related systems outside your scope, mention them in one sentence at most — other workers cover those areas.
8. Keep your report under 500 words unless the directive specifies otherwise. Be factual and concise.
9. Your response MUST begin with "Scope:". No preamble, no thinking-out-loud.
10. REPORT structured facts, then stop

Output format (plain text labels, not markdown headers):
  Scope: <echo back your assigned scope in one sentence>
  Result: <the answer or key findings, limited to the scope above>
  Key files: <relevant file paths — include for research tasks>
  Files changed: <list — include only if you modified files>
  Verification: <checks performed and their outcome — include only if you modified files>
  Issues: <list — include only if there are issues to flag>
</${FORK_BOILERPLATE_TAG}>`;

/**
 * The message a forked worker receives: the boilerplate, then `Directive: <prompt>`, then from 0.24
 * a profile's guidance, and last the restriction paragraph when `fork_tools` or the profile gave an
 * allowlist (empty: no tool at all). The restriction comes last because it is authoritative: the
 * guidance is project text and must not have the final word.
 */
export function buildChildMessage(directive: string, version: QwenVersion, allowlist?: readonly string[], promptHint?: string): string {
  const guidance = promptHint ? profileGuidance(promptHint) : '';
  const restriction = allowlist === undefined ? '' : executionRestriction(allowlist);
  return `${forkBoilerplate(version)}\n\n${FORK_DIRECTIVE_PREFIX}${directive}${guidance}${restriction}`;
}

const BOILERPLATE = new RegExp(`<${FORK_BOILERPLATE_TAG}>[\\s\\S]*?</${FORK_BOILERPLATE_TAG}>\\s*`, 'g');
/** What 0.24 adds after the directive: a profile's guidance, the execution restriction. */
const AFTER_DIRECTIVE = /\n\n(<FORK_PROFILE_GUIDANCE>|TOOL EXECUTION RESTRICTION:\n)[\s\S]*$/;

/** The child message's framing: the boilerplate block and the `Directive: ` prefix around the task. */
export const qwenFraming: ChildFraming = {
  marks: (text) => text.includes(`<${FORK_BOILERPLATE_TAG}>`),
  strip: (text) => {
    const withoutRules = text.replace(BOILERPLATE, '');
    if (!withoutRules.startsWith(FORK_DIRECTIVE_PREFIX)) return withoutRules;
    return withoutRules.slice(FORK_DIRECTIVE_PREFIX.length).replace(AFTER_DIRECTIVE, '');
  },
  carryOn: FORK_BEGIN_PROMPT,
};
