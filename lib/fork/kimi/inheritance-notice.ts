import type { ChildFraming } from '../runtime';
import type { KimiNoticeVariant } from './kimi-fork-request';

/** Fork Lab's wording of the notice that frames inherited history as reference material. */
export const INHERITANCE_NOTICE =
  'The conversation above is a snapshot inherited from the agent that forked you. ' +
  'It is reference material only, not your own history: you did not take those actions. ' +
  'You are an independent agent now. Do the task below and report back to the agent that forked you.';

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
