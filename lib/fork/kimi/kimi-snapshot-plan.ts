import { detailsWith } from '../disposition-details';
import type { ChildMessage, ForkPlan } from '../fork-plan';
import type { ForkPolicy } from '../fork-policy';
import { ParentRangeBuilder } from '../parent-ranges';
import { copyToChild, firstPromptMessage, syntheticMessage, userTextMessage } from '../planning/child-message-copies';
import { forkedPlan } from '../planning/forked-plan';
import { isRealUserTurn } from '../transcript/classify-messages';
import type { ParentTranscript } from '../transcript/transcript';
import { closeOpenToolCalls } from './close-open-tool-calls';
import { INHERITANCE_NOTICE_REMINDER, kimiPromptText } from './inheritance-notice';
import type { KimiNoticeVariant } from './kimi-fork-request';
import { isShippedKimi } from './kimi-versions';
import { AUTO_MODE_REMINDER, callerInAutoMode } from './permission-mode-reminder';

const DETAILS = detailsWith({
  'in-window': 'in the snapshot of the whole history: copied to the child',
});

/**
 * The child Kimi Code starts from a fork of the caller, however the fork was asked for (the Agent
 * tool's `fork: true`, or one item of an AgentSwarm with `fork: true`): `AgentLifecycleService.fork`
 * copies the caller's whole history closed by `closeTrailingOpenToolExchange`, with the caller's
 * live profile, and `SessionSubagentService.spawn` frames the task with the notice.
 */
export function planKimiSnapshot(input: {
  policy: ForkPolicy;
  parent: ParentTranscript;
  end: number;
  task: string;
  /** Where the notice goes; left out, where the release puts it. */
  notice: KimiNoticeVariant | undefined;
  /** What the window is called: the mechanism that asked for the fork. */
  mechanism: string;
  runtimeVersion: string | undefined;
}): ForkPlan {
  const { policy, parent, end, task, mechanism, runtimeVersion } = input;
  const shipped = isShippedKimi(runtimeVersion);
  // 2.1 tells the child through the reminder service (`notify(FORK_CONTEXT_NOTICE, …)`) and sends
  // the task bare; the code read in August put the notice in front of the task.
  const notice = input.notice ?? (shipped ? 'system-reminder' : 'prompt-prefix');
  const { messages, profile } = parent;
  const snapshot = closeOpenToolCalls(messages, end);
  const initialMessages: ChildMessage[] = new Array(snapshot.length);
  let realTurns = 0;
  for (let index = 0; index < snapshot.length; index++) {
    const { message, meta } = messages[index]!;
    if (isRealUserTurn(message, meta)) realTurns++;
    if (index === snapshot.closedAssistant) {
      const copy = copyToChild(message, meta, [index], messages, snapshot.sealed ? 'sealed' : undefined);
      if (snapshot.sealed) copy.meta = { ...copy.meta, partial: false };
      initialMessages[index] = copy;
    } else {
      initialMessages[index] = copyToChild(message, meta, [index], messages);
    }
  }
  snapshot.closingResults.forEach((result, k) => {
    initialMessages.push(syntheticMessage(result, 'open-call-closed', [snapshot.openCallIds[k]!]));
  });
  const closedIds = snapshot.openCallIds;

  if (notice === 'system-reminder') {
    initialMessages.push(syntheticMessage(userTextMessage(INHERITANCE_NOTICE_REMINDER), 'inheritance-notice'));
  }
  const taskPrompt = firstPromptMessage(kimiPromptText(task, notice), notice === 'prompt-prefix' ? 'notice-and-task-prompt' : 'task-prompt');
  // A 2.1 child of a caller in auto mode is told so after its task, at its first step: the
  // request it sends ends with that reminder, not with the task.
  const trailing = shipped && callerInAutoMode(messages, end);
  if (trailing) initialMessages.push(taskPrompt);
  const firstPrompt = trailing ? firstPromptMessage(AUTO_MODE_REMINDER, 'permission-mode-reminder') : taskPrompt;

  const ranges = new ParentRangeBuilder();
  if (snapshot.toolMessagesOnly) {
    ranges.add(0, end, 'excluded', 'tool-messages-only', DETAILS['tool-messages-only']);
  } else if (snapshot.closedAssistant === null) {
    ranges.add(0, end, 'inherited', 'in-window', DETAILS['in-window']);
  } else {
    ranges
      .add(0, snapshot.closedAssistant, 'inherited', 'in-window', DETAILS['in-window'])
      .one(snapshot.closedAssistant, 'inherited', 'open-tool-call-closed', DETAILS['open-tool-call-closed'])
      .add(snapshot.closedAssistant + 1, end, 'inherited', 'in-window', DETAILS['in-window']);
  }
  ranges.add(end, messages.length, 'excluded', 'after-fork-point', DETAILS['after-fork-point']);

  const description = snapshot.toolMessagesOnly
    ? `${mechanism} — the history holds only tool messages, so the snapshot is empty`
    : closedIds.length > 0
      ? `${mechanism} — the whole history, ${closedIds.length} open call${closedIds.length === 1 ? '' : 's'} closed`
      : `${mechanism} — the whole history`;

  return forkedPlan({
    policy,
    profile,
    forkedFrom: profile.agentId,
    keepsModes: true,
    inheritance: { systemInstruction: 'parent', tools: 'parent', model: 'parent' },
    initialMessages,
    firstPrompt,
    parent: ranges.ranges,
    window: { start: snapshot.length > 0 ? 0 : null, end, description, realTurns },
  });
}
