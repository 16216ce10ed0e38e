import { detailsWith } from '../disposition-details';
import type { ForkPlan } from '../fork-plan';
import { ParentRangeBuilder } from '../parent-ranges';
import { forkedPlan } from '../planning/forked-plan';
import { freshPlan, rejectedPlan } from '../planning/refused-plans';
import type { ParentTranscript } from '../transcript/transcript';
import { buildChildMessage } from './child-message';
import { closeOrphanedCalls } from './close-orphaned-calls';
import { forkProfilePath, loadForkProfile } from './fork-profile';
import { forkToolDeclarations } from './fork-tool-declarations';
import { forkExecutionAllowlist } from './fork-tools';
import { dispatchQwenSpawn } from './qwen-dispatch';
import type { QwenForkRequest } from './qwen-fork-request';
import { QWEN_VERSIONS, type QwenVersion } from './qwen-versions';
import { selectAll, selectLastTurns } from './qwen-window';
import { repairBoundary } from './repair-boundary';
import { type ForkTurns, validateQwenForkParams } from './validate-fork-turns';

const POLICY = 'qwen-fork-turns';

/** The rules in Qwen's own terms where the general words would mislead. */
const DETAILS = detailsWith({
  'merged-by-curation':
    'one user-role entry with the messages next to it (Qwen curates prompts, reminders and tool results side by side into one): travels with them',
  'open-tool-call-closed':
    'copied; no result for its calls is left in the child’s history, so Qwen’s chat answers them with an error result when the child first sends',
  'trailing-user-message-dropped':
    'the selection’s last entry is user-role (a prompt, or tool results) and nobody answered it: Qwen drops that one entry before sending the directive',
});

/** Plan a Qwen Code fork (`subagent_type: "fork"`, optional `fork_turns`). */
export function planQwenFork(parent: ParentTranscript, request: QwenForkRequest, end: number): ForkPlan {
  const { messages, profile } = parent;
  const version = (request.runtimeVersion ?? QWEN_VERSIONS[0].id) as QwenVersion;
  const validation = validateQwenForkParams(request.params, request.directive, version);
  if (!validation.ok) return rejectedPlan(POLICY, [validation.error], messages.length);
  // The profile is loaded when the call is built, after validation and before it runs.
  const profileLoad =
    validation.forkProfile === undefined || request.projectFiles === undefined ? null : loadForkProfile(request.projectFiles, validation.forkProfile);
  if (profileLoad?.ok === false) {
    const explanation = `Fork Lab read the project's files as given: ${Object.keys(request.projectFiles ?? {}).join(', ') || 'none'}.`;
    return rejectedPlan(POLICY, [{ parameter: 'fork_profile', code: 'fork_profile_load', message: profileLoad.message, explanation }], messages.length);
  }
  const forkProfile = profileLoad?.ok === true ? profileLoad.profile : undefined;
  const dispatch = dispatchQwenSpawn(request.params, validation, profile);
  if (dispatch.kind === 'refused') return rejectedPlan(POLICY, [dispatch.error], messages.length);
  if (dispatch.kind === 'fresh') return freshPlan(POLICY, dispatch.why, messages.length);

  const forkTurns: ForkTurns = dispatch.forkTurns;
  const selection = forkTurns === 'all' ? selectAll(messages, end) : selectLastTurns(messages, end, forkTurns);
  const requestedTools = forkProfile?.tools ?? validation.forkTools;
  const allowlist =
    requestedTools === undefined
      ? undefined
      : forkExecutionAllowlist(
          requestedTools,
          profile.tools.map((tool) => tool.name),
        );
  const childMessage = buildChildMessage(request.directive, version, allowlist, forkProfile?.promptHint);
  const repaired = repairBoundary(selection.entries, childMessage, messages);
  // What the child's first send then carries: the chat answers calls the history left open.
  const closed = closeOrphanedCalls(repaired.initialMessages);

  // Startup entries sit outside the span; a repair drops them only when nothing follows them.
  const startupDropped = new Set<number>();
  const mark = (index: number, reason: 'trailing-user-message-dropped' | 'tool-call-input-redacted') => {
    if (index < selection.startup) startupDropped.add(index);
    else selection.span.set(index, reason === 'tool-call-input-redacted' ? 'inherited' : 'excluded', reason);
  };
  for (const entry of repaired.dropped) for (const index of entry.sources) mark(index, 'trailing-user-message-dropped');
  if (repaired.inFlight !== null) for (const index of repaired.inFlight.sources) mark(index, 'tool-call-input-redacted');
  for (const index of closed.closedSources) selection.span.set(index, 'inherited', 'open-tool-call-closed');

  const ranges = new ParentRangeBuilder();
  for (let index = 0; index < selection.startup; index++) {
    const reason = startupDropped.has(index) ? 'trailing-user-message-dropped' : 'startup-prefix-kept';
    const detail = reason === 'startup-prefix-kept' ? (selection.startupDetail ?? DETAILS[reason]) : DETAILS[reason];
    ranges.one(index, startupDropped.has(index) ? 'excluded' : 'inherited', reason, detail);
  }
  for (const segment of selection.skipped) {
    ranges.add(segment.start, segment.end, 'excluded', segment.reason, segment.detail ?? DETAILS[segment.reason]);
  }
  selection.span.flushInto(ranges, DETAILS);
  ranges.add(end, messages.length, 'excluded', 'after-fork-point', DETAILS['after-fork-point']);

  let realTurns = 0;
  const inherited = selection.entries.length - repaired.dropped.length;
  for (let k = 0; k < inherited; k++) if (selection.entries[k]!.real) realTurns++;
  const plan = forkedPlan({
    policy: POLICY,
    profile,
    keepsModes: true,
    inheritance: { systemInstruction: 'parent', tools: version === '0.23' ? 'parent' : 'parent-filtered', model: 'parent' },
    ...(version === '0.23' ? {} : { tools: forkToolDeclarations(profile.tools) }),
    initialMessages: closed.initialMessages,
    firstPrompt: repaired.firstPrompt,
    parent: ranges.ranges,
    window: { start: selection.windowStart, end, description: selection.description, realTurns },
  });
  plan.warnings.push(...selection.quirks);
  if (validation.forkProfile !== undefined && forkProfile === undefined) plan.warnings.push(profileUnread(validation.forkProfile));
  return plan;
}

/** A profile lives in the project's files, which a plan without them cannot read. */
function profileUnread(name: string): string {
  return `fork_profile "${name}": Qwen Code loads the profile's tools and promptHint from ${forkProfilePath(name)} in the project, which this request does not carry (projectFiles), so the child is planned without the restriction and guidance it adds (or the runtime's error if the file is missing).`;
}
