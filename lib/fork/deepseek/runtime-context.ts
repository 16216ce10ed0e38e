import { joinedText } from '../transcript/message-parts';
import type { TranscriptMessage } from '../transcript/transcript';

/**
 * DeepSeek Harness's runtime context, byte for byte: after each prompt its agent loop sends the
 * session's current context as a user message of its own, when it changed (`joinContextSections`
 * in dsh-system-prompt; `RuntimeContextProjection` in dsh-agent-loop).
 */
const SNAPSHOT_HEADER = 'Current runtime context. This snapshot supersedes earlier runtime-context snapshots.';
const CLEARED = 'Current runtime context: none. Earlier runtime-context snapshots no longer apply.';

/** The approval statements (`ASK_SENTENCE`, `NEVER_SENTENCE` in dsh-user-approval): a child gets the second. */
const ASKS = 'Approval policy: ask.';
const APPROVAL_DISABLED =
  'Approval prompts are disabled in this session: actions that require approval are rejected automatically — do not request sandbox escalation (do not set `sandbox_permissions`).';

/** `SUBAGENT_DELEGATION_CONTEXT` (dsh-subagent): every in-process child's statement of its scope. */
const DELEGATED =
  'You are a delegated subagent: your permission scope was fixed when you were started and cannot be widened from inside this session — operations that require approval are rejected automatically. When the task needs access beyond that scope, do not retry the denied operation; state the limitation in your reply so the delegating agent can handle it.';

/** Whether a text is a runtime-context message: harness text, never the person asking for something. */
export function isRuntimeContext(text: string): boolean {
  return text.startsWith(SNAPSHOT_HEADER) || text.startsWith(CLEARED);
}

/** Whether a message is a runtime-context snapshot. */
export function isRuntimeContextMessage(entry: TranscriptMessage): boolean {
  return entry.message.role === 'user' && isRuntimeContext(joinedText(entry.message));
}

/**
 * The runtime context a child's first request ends with: its parent's, as the newest snapshot
 * before the fork says, with the child's approval statement (a delegated child asks nobody:
 * `appendDelegatedPolicyOverrides` sets `approval/policy: never`) and the delegation statement the
 * child's composition adds. Null when the parent's history holds none (not a harness's session).
 */
export function childRuntimeContext(messages: readonly TranscriptMessage[], end: number): string | null {
  for (let index = end - 1; index >= 0; index--) {
    const text = messages[index]!.message.role === 'user' ? joinedText(messages[index]!.message) : '';
    if (!text.startsWith(SNAPSHOT_HEADER)) continue;
    const sections = text
      .slice(SNAPSHOT_HEADER.length)
      .split('\n\n')
      .filter((section) => section.trim() !== '' && !section.startsWith(ASKS) && section !== APPROVAL_DISABLED && section !== DELEGATED);
    return [SNAPSHOT_HEADER, ...sections, APPROVAL_DISABLED, DELEGATED].join('\n\n');
  }
  return null;
}
