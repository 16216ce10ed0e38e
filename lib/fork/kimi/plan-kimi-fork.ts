import { detailsWith } from '../disposition-details';
import type { ChildMessage, ForkPlan } from '../fork-plan';
import { ParentRangeBuilder } from '../parent-ranges';
import { copyToChild, firstPromptMessage, syntheticMessage, userTextMessage } from '../planning/child-message-copies';
import { forkedPlan } from '../planning/forked-plan';
import { blankDirectiveWarning, freshPlan, rejectedPlan } from '../planning/refused-plans';
import { isRealUserTurn } from '../transcript/classify-messages';
import type { ParentTranscript } from '../transcript/transcript';
import { closeOpenToolCalls } from './close-open-tool-calls';
import { INHERITANCE_NOTICE_REMINDER, kimiPromptText } from './inheritance-notice';
import type { KimiForkRequest } from './kimi-fork-request';
import { validateKimiForkParams } from './validate-kimi-fork';

const POLICY = 'kimi-fork';

const DETAILS = detailsWith({
  'in-window': 'in the snapshot of the whole history: copied to the child',
});

/** Plan a Kimi Code fork (`fork: true`): a closed snapshot of the caller's whole history. */
export function planKimiFork(parent: ParentTranscript, request: KimiForkRequest, end: number): ForkPlan {
  const { messages, profile } = parent;
  const validation = validateKimiForkParams(request.params, profile);
  if (!validation.ok) return rejectedPlan(POLICY, [validation.error], messages.length);
  if (validation.mode === 'fresh') return freshPlan(POLICY, validation.why, messages.length);

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

  const variant = request.notice ?? 'prompt-prefix';
  if (variant === 'system-reminder') {
    initialMessages.push(syntheticMessage(userTextMessage(INHERITANCE_NOTICE_REMINDER), 'inheritance-notice'));
  }
  const firstPrompt = firstPromptMessage(kimiPromptText(request.directive, variant), variant === 'prompt-prefix' ? 'notice-and-task-prompt' : 'task-prompt');

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
    ? 'fork: true — the history holds only tool messages, so the snapshot is empty'
    : closedIds.length > 0
      ? `fork: true — the whole history, ${closedIds.length} open call${closedIds.length === 1 ? '' : 's'} closed`
      : 'fork: true — the whole history';

  const plan = forkedPlan({
    policy: POLICY,
    profile,
    forkedFrom: profile.agentId,
    keepsModes: true,
    inheritance: { systemInstruction: 'parent', tools: 'parent', model: 'parent' },
    initialMessages,
    firstPrompt,
    parent: ranges.ranges,
    window: { start: snapshot.length > 0 ? 0 : null, end, description, realTurns },
  });
  // Kimi's schema takes any string as the prompt (`SubagentToolInputSchema`), so a blank task forks.
  return { ...plan, warnings: blankDirectiveWarning(request.directive, 'Kimi Code') };
}
