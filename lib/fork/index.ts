/**
 * Fork Lab's fork engine: pure TypeScript that decides what a forked child agent inherits from its
 * parent, reproducing Qwen Code `fork_turns`, Kimi Code `fork: true` and DeepSeek Harness's
 * completed-turn prefix. No React, no Next, no I/O.
 *
 * Start with {@link planFork}.
 */

export { buildBootstrapRecord, type ForkBootstrapRecord, reviveChildHistory } from './bootstrap-record';
export { isContextFragment as isCodexContextFragment } from './codex/fork-turns';
export { BootstrapMissingError, ForkRequestValidationError, type InputIssue, TranscriptValidationError } from './errors';
export type { ChildMessage, ChildMessageSource, ChildRequest, FamilyMember, ForkFamily, ForkParameterError, ForkPlan, ParentRange } from './fork-plan';
export { forkPolicySchema, forkRequestSchema, parseForkRequest } from './fork-request-schema';
export { DIRECTIVE_MAX_CHARS, PROJECT_FILE_CHARS, TEXT_FIELD_MAX_CHARS } from './input-limits';
export { dispositionAt, type ParentDisposition } from './parent-ranges';
export { familyRequests, planFork, planForkFamily, projectFilesRead } from './plan-fork';
export type { FamilyOutcome, ForkRuntime, RefusalOutput } from './runtime';
export { type ControlField, fieldMaxChars, RUNTIME_VERSION_FIELD, type TurnWindowControl } from './runtime-controls';
export { compareReleases, type RuntimeVersion, type RuntimeVersions, versionForRelease } from './runtime-version';
export {
  FORK_POLICIES,
  FORK_RUNTIMES,
  type ForkPolicy,
  type ForkRequest,
  forkPolicyNamed,
  isForkPolicy,
  ONE_CHILD_RUNTIMES,
  runtimeNamesHelp,
  runtimeOf,
  runtimeRuleNamed,
} from './runtimes';
export { classifyMessages, isRealUserTurn, type MessageClassification, type MessageKind } from './transcript/classify-messages';
export { copyUnlessFrozen } from './transcript/deep-clone';
export { deepFreeze, deepFreezeParsed, FrozenListBuilder, isDeepFrozen } from './transcript/deep-freeze';
export { joinedText, toolCallsOf, toolResultIdsOf } from './transcript/message-parts';
export { startupContextLength } from './transcript/startup-context';
export { extendToolPairs, linkToolPairs, type ToolPairLinks } from './transcript/tool-pairs';
export type {
  AgentProfile,
  MessageMeta,
  ModelMessage,
  ParentTranscript,
  ToolDeclaration,
  ToolOutput,
  TranscriptMessage,
  TurnEndReason,
} from './transcript/transcript';
export { UNNAMED_PROFILE } from './transcript/transcript';
export {
  checkParentTranscript,
  formatIssuePath,
  modelMessageSchema,
  parentTranscriptSchema,
  parseParentTranscript,
  parseTranscriptMessage,
  transcriptMessageSchema,
} from './transcript/transcript-schema';
