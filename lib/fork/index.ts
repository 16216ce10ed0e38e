/**
 * Fork Lab's fork engine: pure TypeScript that decides what a forked child agent inherits from its
 * parent, reproducing Qwen Code `fork_turns`, Kimi Code `fork: true` and DeepSeek Harness's
 * completed-turn prefix. No React, no Next, no I/O.
 *
 * Start with {@link planFork}.
 */

export type { DeepSeekForkParams, DeepSeekForkRequest } from './deepseek/deepseek-fork-request';
export { DEFAULT_MAX_DEPTH } from './deepseek/validate-deepseek-fork';
export { DISPOSITION_DETAILS } from './disposition-details';
export { BootstrapMissingError, ForkRequestValidationError, type InputIssue, TranscriptValidationError } from './errors';
export type {
  CacheReuse,
  ChildInheritance,
  ChildMessage,
  ChildMessageSource,
  ChildRequest,
  DispositionReason,
  DispositionStatus,
  ForkParameterError,
  ForkPlan,
  ForkWindow,
  ParentRange,
  SyntheticRule,
} from './fork-plan';
export { forkRequestSchema, parseForkRequest } from './fork-request-schema';
export { OPEN_CALL_RESULT } from './kimi/close-open-tool-calls';
export { INHERITANCE_NOTICE, INHERITANCE_NOTICE_REMINDER } from './kimi/inheritance-notice';
export { KIMI_NOTICE_VARIANTS, type KimiForkParams, type KimiForkRequest, type KimiNoticeVariant } from './kimi/kimi-fork-request';
export { dispositionAt, expandParentRanges, type ParentDisposition } from './parent-ranges';
export { planFork } from './plan-fork';
export {
  buildBootstrapRecord,
  type ForkBootstrapRecord,
  reviveChildHistory,
} from './qwen/bootstrap-record';
export {
  buildChildMessage,
  FORK_BEGIN_PROMPT,
  FORK_BOILERPLATE,
  FORK_DIRECTIVE_ACKNOWLEDGEMENT,
  FORK_PLACEHOLDER_RESULT,
} from './qwen/child-message';
export type { QwenForkParams, QwenForkRequest } from './qwen/qwen-fork-request';
export type { ForkRuntime, ResultDelivery, RuntimeAgentTool } from './runtime';
export type { ControlField, RuntimeControls, TurnWindowControl } from './runtime-controls';
export { FORK_POLICIES, FORK_RUNTIMES, type ForkPolicy, type ForkRequest, isForkPolicy, runtimeOf } from './runtimes';
export {
  classifyMessages,
  isRealUserTurn,
  type MessageClassification,
  type MessageKind,
} from './transcript/classify-messages';
export {
  COMPACTION_ACKNOWLEDGEMENT,
  COMPACTION_ATTACHMENT_PREFIXES,
  COMPACTION_SUMMARY_MARKER,
  compactionPrefixLength,
} from './transcript/compaction-prefix';
export { deepClone } from './transcript/deep-clone';
export { isPureReminderMessage, isReminderText } from './transcript/reminder';
export { LEGACY_STARTUP_ACKNOWLEDGEMENT, startupContextLength } from './transcript/startup-context';
export type {
  AgentProfile,
  MessageMeta,
  MessageOrigin,
  ModelMessage,
  ParentTranscript,
  ToolDeclaration,
  TranscriptMessage,
  TurnEndReason,
} from './transcript/transcript';
export { TURN_END_REASONS } from './transcript/transcript';
export { modelMessageSchema, parentTranscriptSchema, parseParentTranscript, transcriptMessageSchema } from './transcript/transcript-schema';
