import type { ChildFraming } from '../runtime';

/*
 * What a Claude Code fork child is told. Claude Code's source is not public; each text says where
 * it comes from and how sure that is.
 */

/**
 * The tag around the worker rules. Not in Claude Code's published prompt fragments (they print a
 * variable); read from reconstructions of its v2.1.88-era `forkSubagent.ts`, and the name its
 * own recursion guard matches (issue anthropics/claude-code#68233). Unverified.
 */
export const FORK_BOILERPLATE_TAG = 'fork-boilerplate';

/**
 * The worker rules, from the published fragment `agent-prompt-worker-fork.md` (Piebald-AI/
 * claude-code-system-prompts, ccVersion 2.1.169, last changed with v2.1.232) with `Agent` as the
 * tool's name and the empty worktree clause left out. Documented text.
 */
export const FORK_WORKER_RULES = `You are a worker fork. The transcript above is the parent's history — inherited reference, not your situation. You are NOT a continuation of that agent. Execute ONE directive, then stop.

Hard rules:
- Do NOT spawn subagents with the Agent tool. The "default to forking" guidance is for the parent; you ARE the fork, execute directly.
- One shot: report once and stop. No follow-up questions, no proposed next steps, no waiting for the user.

Guidelines (your directive may override any of these):
- Stay in scope. Other forks may be handling adjacent work; if you spot something outside your directive, note it in a sentence and move on.
- Open with one line restating your task, so the parent can spot scope drift at a glance.
- Be concise — as short as the answer allows, no shorter. Plain text, no preamble, no meta-commentary.
- If you committed changes, list the paths and commit hashes in your report.`;

/**
 * What stands in front of the directive. The fragment prints a variable; a third-party proxy's
 * test fixture of a `subagent_type: "fork"` call shows `Your directive: `. Unverified.
 */
export const DIRECTIVE_PREFIX = 'Your directive: ';

/**
 * The result every call of the parent's last message gets in the child, identical across siblings
 * so that only the directive differs between them (reconstructed `FORK_PLACEHOLDER_RESULT` of the
 * 2.1.88 era; the docs say only that siblings share the prompt cache). Not in 2.1.328.
 */
export const FORK_PLACEHOLDER_RESULT = 'Fork started — processing in background';

/**
 * 2.1.328 answers the fork's own call (`Fqs`, read from its binary; seen in its traffic, verify
 * fork-all and sibling-forks): under the Agent (or Task) tool's name, or another call that started
 * the fork. (A third text answers other calls of the same record; 2.1.328 records each block of a
 * streamed answer on its own, so a fork's calling record holds its own call alone.)
 */
export const OWN_AGENT_CALL_RESULT = 'Fork started — that fork is you.';
export const OWN_OTHER_CALL_RESULT = "This call started a fork, and that fork is you. The call's other work and its result belong to the parent.";

/**
 * Refused inside a fork, quoted from anthropics/claude-code#68233 (v2.1.177) and #89101 (v2.1.241);
 * the docs say only "A fork can't spawn further forks."
 */
export const FORK_IN_FORK_UNAVAILABLE = 'Fork is not available inside a forked worker. Complete your task directly using your tools.';

export function forkDirectiveText(directive: string): string {
  return `<${FORK_BOILERPLATE_TAG}>\n${FORK_WORKER_RULES}\n</${FORK_BOILERPLATE_TAG}>\n\n${DIRECTIVE_PREFIX}${directive}`;
}

const BOILERPLATE = new RegExp(`<${FORK_BOILERPLATE_TAG}>[\\s\\S]*?</${FORK_BOILERPLATE_TAG}>\\s*`, 'g');

/** The worker rules and the directive's prefix around the task. */
export const claudeCodeFraming: ChildFraming = {
  marks: (text) => text.includes(FORK_WORKER_RULES),
  strip: (text) => {
    const withoutRules = text.replace(BOILERPLATE, '');
    return withoutRules.startsWith(DIRECTIVE_PREFIX) ? withoutRules.slice(DIRECTIVE_PREFIX.length) : withoutRules;
  },
};
