import { BootstrapMissingError } from './errors';
import type { ForkPlan } from './fork-plan';
import type { ForkPolicy } from './fork-policy';
import { copyUnlessFrozen } from './transcript/deep-clone';
import { partsOf, toolCallsOf, toolResultIdsOf } from './transcript/message-parts';
import type { ModelMessage, ToolDeclaration } from './transcript/transcript';

/**
 * What a fork's launch persists so the run can be revived after the page or the server goes away.
 * The window is baked into `initialMessages`, so `fork_turns` itself is not needed.
 */
export interface ForkBootstrapRecord {
  kind: 'fork';
  version: 1;
  childId: string;
  policy: ForkPolicy;
  /** The parent agent the child was forked from. */
  parentAgentId: string;
  initialMessages: ModelMessage[];
  systemInstruction: string;
  tools: ToolDeclaration[];
  model: string;
  /**
   * The child's depth (its parent's + 1). Every record is a fork child's, so a transcript read back
   * from one runs inside a fork. Absent from records written before it was kept.
   */
  depth?: number;
  /** The text of the child's first prompt. */
  taskPrompt: string;
  /**
   * The first prompt itself when it is not a user message (Codex hands the task over as an
   * assistant-role inter-agent message): revival must give it back in its own role.
   */
  firstPrompt?: ModelMessage;
}

/** The bootstrap record of a planned child. Throws when the plan has no child to launch. */
export function buildBootstrapRecord(plan: ForkPlan, ids: { childId: string; parentAgentId: string }): ForkBootstrapRecord {
  const child = plan.child;
  if (child === null) {
    throw new Error(
      `Cannot build a bootstrap record: the plan has no child (${plan.errors.map((error) => error.message).join(' ') || plan.freshReason || 'not a fork'}).`,
    );
  }
  const taskPrompt = partsOf(child.firstPrompt.message)
    .map((part) => (part.type === 'text' ? (part as { text: string }).text : ''))
    .join('');
  return {
    kind: 'fork',
    version: 1,
    childId: ids.childId,
    policy: plan.policy,
    parentAgentId: ids.parentAgentId,
    // The plan's own messages are copied; the deep-frozen ones a plan shares with its parent are
    // shared here too, so a launched child holds no copy of a registered parent's history.
    initialMessages: child.initialMessages.map((entry) => copyUnlessFrozen(entry.message)),
    systemInstruction: child.systemInstruction,
    tools: copyUnlessFrozen(child.tools),
    model: child.model,
    depth: child.depth,
    taskPrompt,
    ...(child.firstPrompt.message.role === 'user' ? {} : { firstPrompt: copyUnlessFrozen(child.firstPrompt.message) }),
  };
}

function isBlankAssistant(message: ModelMessage): boolean {
  if (message.role !== 'assistant') return false;
  return partsOf(message).every((part) => (part.type === 'text' || part.type === 'reasoning') && (part as { text: string }).text.trim() === '');
}

/** Whether the tool messages at the end of `messages` leave a call of their assistant unanswered. */
function trailingToolsLeaveOpenCall(messages: readonly ModelMessage[], floor: number): boolean {
  let index = messages.length - 1;
  const answered = new Set<string>();
  while (index >= floor && messages[index]!.role === 'tool') {
    for (const id of toolResultIdsOf(messages[index]!)) answered.add(id);
    index--;
  }
  if (index < floor) return false;
  return toolCallsOf(messages[index]!).some((call) => !answered.has(call.toolCallId));
}

/**
 * Rebuild a stopped child's history: its initial messages, its task prompt (a user message unless
 * the record keeps another), then
 * what it produced before it stopped. Entries a crash can leave half-written at the tail — a blank
 * assistant message, an assistant message whose tool calls never got results, results of a batch
 * that never finished — are popped, so the revived run resumes from a stable point.
 *
 * A fork without a record cannot be rebuilt: its window was computed at launch and the parent has
 * moved on since, so guessing it again could give the child a different history.
 */
export function reviveChildHistory(record: ForkBootstrapRecord | null | undefined, childMessages: readonly ModelMessage[], childId: string): ModelMessage[] {
  if (record === null || record === undefined) throw new BootstrapMissingError(childId);
  const history: ModelMessage[] = [
    ...record.initialMessages.map((message) => copyUnlessFrozen(message)),
    record.firstPrompt === undefined ? { role: 'user', content: [{ type: 'text', text: record.taskPrompt }] } : copyUnlessFrozen(record.firstPrompt),
  ];
  const floor = history.length;
  for (const message of childMessages) history.push(copyUnlessFrozen(message));

  while (history.length > floor) {
    const last = history[history.length - 1]!;
    const unstable =
      isBlankAssistant(last) ||
      (last.role === 'assistant' && toolCallsOf(last).length > 0) ||
      (last.role === 'tool' && trailingToolsLeaveOpenCall(history, floor));
    if (!unstable) break;
    history.pop();
  }
  return history;
}
