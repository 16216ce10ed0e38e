import type { ChildFraming } from '../runtime';
import type { KimiNoticeVariant } from './kimi-fork-request';

/**
 * The notice that frames inherited history as reference material: Kimi Code's `FORK_CONTEXT_NOTICE`
 * (`agent-core-v2` `session/subagent/spawn.ts`), byte for byte, since the child reads it.
 */
export const INHERITANCE_NOTICE =
  'The conversation above is not your own history: it is a one-time snapshot inherited from the agent that forked you. ' +
  'Treat it as reference material only — you are an independent subagent, not a continuation of that agent. ' +
  'Do the task below directly yourself, then report the result.';

/** The notice as its own user message, in the later variant. */
export const INHERITANCE_NOTICE_REMINDER = `<system-reminder>\n${INHERITANCE_NOTICE}\n</system-reminder>`;

/** The child's first prompt text for a variant: notice + blank line + task, or the bare task. */
export function kimiPromptText(task: string, variant: KimiNoticeVariant): string {
  return variant === 'prompt-prefix' ? `${INHERITANCE_NOTICE}\n\n${task}` : task;
}

/** The notice in front of the task (or as its own reminder) is Kimi's framing. */
export const kimiFraming: ChildFraming = {
  marks: (text) => text.includes(INHERITANCE_NOTICE),
  strip: (text) => (text.startsWith(INHERITANCE_NOTICE) ? text.slice(INHERITANCE_NOTICE.length) : text),
};
