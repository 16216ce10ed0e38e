import type { ChildFraming } from '../runtime';

/**
 * What a fork child's last message opens with, the task right after it: `FORK_TASK_PREAMBLE` in
 * deepagents 1.14.1 (dist/langsmith-Bgi_Ta-k.js, src/middleware/subagents.ts), verbatim. `runTask`
 * sends `FORK_TASK_PREAMBLE + description` as a HumanMessage; seen in 1.14.1 traffic (verify fork-all).
 */
export const FORK_TASK_PREAMBLE =
  '[The messages above are a prior conversation you are continuing as the subagent that was just invoked. Any mention in them of delegating to a subagent already happened — you are that subagent, not the one being asked to delegate further. If you try to delegate to another subagent yourself, it will be refused — complete this task directly. Use the specific facts, figures, and identifiers already established in that conversation when completing the task below — do not answer generically when exact details are already available above. Your actual task is below.]\n\n';

/** The child's first prompt: the preamble, then the `task` call's description as the model wrote it. */
export function forkTaskPrompt(description: string): string {
  return `${FORK_TASK_PREAMBLE}${description}`;
}

const PREAMBLE_OPENING = FORK_TASK_PREAMBLE.slice(0, FORK_TASK_PREAMBLE.indexOf('.') + 1);
const PREAMBLE_CLOSING = 'Your actual task is below.]\n\n';

/** The preamble in front of the task: what the offline model reads past to find the question. */
export const deepAgentsFraming: ChildFraming = {
  marks: (text) => text.includes(PREAMBLE_OPENING),
  strip: (text) => {
    const start = text.indexOf(PREAMBLE_OPENING);
    const end = start < 0 ? -1 : text.indexOf(PREAMBLE_CLOSING, start);
    return end < 0 ? text : text.slice(0, start) + text.slice(end + PREAMBLE_CLOSING.length);
  },
};
