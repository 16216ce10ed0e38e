import type { ChildFraming } from '../runtime';

/** The tag that marks the fork boilerplate; finding it in a history means "this agent is a fork". */
export const FORK_BOILERPLATE_TAG = 'fork-boilerplate';
export const FORK_DIRECTIVE_PREFIX = 'Directive: ';

/** Result every in-flight call gets in the child; identical across siblings so their prefixes match. */
export const FORK_PLACEHOLDER_RESULT = 'Fork started — processing in background';
/** The assistant's reply after the child message, so the first prompt can be a bare "Begin.". */
export const FORK_DIRECTIVE_ACKNOWLEDGEMENT = 'Understood. Executing directive now.';
export const FORK_BEGIN_PROMPT = 'Begin.';

/** Fork Lab's own wording of the rules a forked worker gets before its directive. */
export const FORK_BOILERPLATE = `<${FORK_BOILERPLATE_TAG}>
You are a forked worker: a copy of the agent whose conversation you can see above, started to carry out one directive.
Rules:
1. Do the directive yourself with the tools you have. Do not delegate it and do not fork again.
2. Stay inside the directive. The conversation above is context, not a list of tasks.
3. Nobody will answer questions during this run: make reasonable assumptions and say which.
4. Finish with one report in this outline:
   Scope: what you were asked to do, in one line.
   Result: what you found or did.
   Key files: the files that matter, if any.
   Files changed: every file you changed, or "none".
   Verification: how you checked the result.
   Issues: anything left open or uncertain.
</${FORK_BOILERPLATE_TAG}>`;

/** The message a forked worker receives: the boilerplate, then `Directive: <prompt>`. */
export function buildChildMessage(directive: string): string {
  return `${FORK_BOILERPLATE}\n\n${FORK_DIRECTIVE_PREFIX}${directive}`;
}

const BOILERPLATE = new RegExp(`<${FORK_BOILERPLATE_TAG}>[\\s\\S]*?</${FORK_BOILERPLATE_TAG}>\\s*`, 'g');

/** The child message's framing: the boilerplate block and the `Directive: ` prefix around the task. */
export const qwenFraming: ChildFraming = {
  marks: (text) => text.includes(`<${FORK_BOILERPLATE_TAG}>`),
  strip: (text) => {
    const withoutRules = text.replace(BOILERPLATE, '');
    return withoutRules.startsWith(FORK_DIRECTIVE_PREFIX) ? withoutRules.slice(FORK_DIRECTIVE_PREFIX.length) : withoutRules;
  },
  carryOn: FORK_BEGIN_PROMPT,
};
