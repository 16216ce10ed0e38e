import { joinedText } from '../transcript/message-parts';
import type { TranscriptMessage } from '../transcript/transcript';

/**
 * Kimi Code 2.1's reminder that auto permission mode is on (`permission-mode-auto-enter-reminder.md`
 * in agent-core-v2, wrapped by `wrapSystemReminder`, which trims it), byte for byte.
 */
const AUTO_MODE_ENTERED =
  'Auto permission mode is active. Tool approvals will be handled automatically while this mode remains enabled.\n' +
  '  - Continue normally without pausing for approval prompts.\n' +
  '  - Do NOT call AskUserQuestion while auto mode is active; decide and continue.\n' +
  "  - ExitPlanMode is also approved automatically, without the user reviewing the plan. An auto-approved plan is NOT a signal from the user to start executing — follow the user's original instructions on whether to proceed.";

/** The first line of `permission-mode-auto-exit-reminder.md`: the mode was left. */
const AUTO_MODE_LEFT = 'Auto permission mode is no longer active.';

export const AUTO_MODE_REMINDER = `<system-reminder>\n${AUTO_MODE_ENTERED}\n</system-reminder>`;

/**
 * Whether the caller runs in auto permission mode, as its history says: the mode's reminders are
 * the only trace a request carries of it, and the newest one says which mode holds.
 *
 * It matters because a 2.1 child starts in its caller's mode (`spawn` sets it) with no memory of
 * having been told (`permissionMode.lastMode` starts unset), so at its first step the reminder
 * service tells it again, after its task. Headless `kimi -p` always runs in auto mode.
 */
export function callerInAutoMode(messages: readonly TranscriptMessage[], end: number): boolean {
  for (let index = end - 1; index >= 0; index--) {
    const { message } = messages[index]!;
    if (message.role !== 'user') continue;
    const text = joinedText(message);
    if (text.includes(AUTO_MODE_ENTERED)) return true;
    if (text.includes(AUTO_MODE_LEFT)) return false;
  }
  return false;
}
