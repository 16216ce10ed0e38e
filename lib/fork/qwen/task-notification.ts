import type { BackgroundOutcome } from '../runtime';

/** XML text escaping as Qwen Code's `escapeXml` does it (`packages/core/src/utils/xml.ts`). */
function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const STATUS_TEXT: Record<BackgroundOutcome['status'], string> = { completed: 'completed', failed: 'failed', cancelled: 'was cancelled' };

/**
 * The terminal notification Qwen Code sends the parent model when a background agent — a fork —
 * completes, fails or is cancelled: one `<task-notification>` block, delivered as the user text of
 * a new turn (`BackgroundTaskRegistry.emitNotification` in `packages/core/src/agents/background-tasks.ts`;
 * earlier in `agents/tasks/agent-task.ts`). Fork Lab
 * records no output file and no usage for its children, so those elements never appear.
 */
export function qwenTaskNotification(outcome: BackgroundOutcome): string {
  const lines = ['<task-notification>', `<task-id>${escapeXml(outcome.taskId)}</task-id>`];
  if (outcome.toolUseId !== undefined) lines.push(`<tool-use-id>${escapeXml(outcome.toolUseId)}</tool-use-id>`);
  // Upstream names the agent by the call's own `description` argument (the registry entry's
  // description, background-tasks.ts); a call Fork Lab wrote itself has none, so its name stands in.
  const described = typeof outcome.callInput?.description === 'string' ? outcome.callInput.description : outcome.description;
  lines.push(`<status>${escapeXml(outcome.status)}</status>`, `<summary>Agent "${escapeXml(described)}" ${STATUS_TEXT[outcome.status]}.</summary>`);
  if (outcome.result) lines.push(`<result>${escapeXml(outcome.result)}</result>`);
  if (outcome.error) lines.push(`<result>Error: ${escapeXml(outcome.error)}</result>`);
  lines.push('</task-notification>');
  return lines.join('\n');
}

/** A user turn that carries such a notification. */
export function isQwenTaskNotification(text: string): boolean {
  return text.includes('<task-notification>') && text.includes('</task-notification>');
}
