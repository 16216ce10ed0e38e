import type { ProviderId, RuleSource } from './provider-rules';
import type { ProblemKind } from './request-problems';

/** What a provider does with a request that has a problem: refuse it (HTTP 400), take it, or nobody knows. */
export type AcceptanceVerdict = 'refuses' | 'accepts' | 'merges' | 'depends-on-model' | 'unknown';

export interface AcceptanceRule {
  verdict: AcceptanceVerdict;
  /** The provider's own error text where someone quoted it. */
  error?: string;
  /** Absent when nobody could find one either way (the verdict is then `unknown`). */
  source?: RuleSource;
}

const CHECKED = '2026-12-01';
const quoted = (url: string): RuleSource => ({ url, checked: CHECKED });
const unverified = (url: string): RuleSource => ({ url, checked: CHECKED, uncertain: true });
const claimed = (url: string): RuleSource => ({ url, checked: CHECKED, thirdParty: true });

/**
 * When each provider refuses a chat request, from its error texts as quoted in public issues (the
 * provider's own words) and its API references. `unknown` means no source was found either way.
 */
export const ACCEPTANCE_RULES: Record<ProblemKind, Record<ProviderId, AcceptanceRule>> = {
  'unanswered-call': {
    anthropic: {
      verdict: 'refuses',
      error: '`tool_use` ids were found without `tool_result` blocks immediately after',
      source: quoted('https://github.com/anthropics/claude-code/issues/5989'),
    },
    openai: {
      verdict: 'refuses',
      error: "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'.",
      source: quoted('https://github.com/BerriAI/litellm/issues/10083'),
    },
    gemini: {
      verdict: 'refuses',
      error: 'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
      source: quoted('https://github.com/google-gemini/gemini-cli/issues/4217'),
    },
    deepseek: {
      verdict: 'refuses',
      error: '(insufficient tool messages following tool_calls message)',
      source: quoted('https://github.com/langgenius/dify/issues/32222'),
    },
    kimi: { verdict: 'unknown' },
    qwen: {
      verdict: 'refuses',
      error: 'An assistant message with "tool_calls" must be followed by tool messages responding to each "tool_call_id".',
      source: quoted('https://github.com/QwenLM/qwen-code/issues/656'),
    },
  },
  'orphan-result': {
    anthropic: {
      verdict: 'refuses',
      error: 'unexpected `tool_use_id` found in `tool_result` blocks',
      source: quoted('https://github.com/anthropics/claude-code/issues/13460'),
    },
    openai: {
      verdict: 'refuses',
      error: "messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
      source: quoted('https://github.com/miurla/morphic/issues/136'),
    },
    gemini: {
      verdict: 'refuses',
      error: 'Please ensure that function response turn comes immediately after a function call turn.',
      source: quoted('https://github.com/langchain-ai/langchain/issues/27799'),
    },
    deepseek: {
      verdict: 'refuses',
      error: "Messages with role 'tool' must be a response to a preceding message with 'tool_calls'",
      source: quoted('https://github.com/FoundationAgents/OpenManus/issues/23'),
    },
    kimi: { verdict: 'refuses', error: 'Invalid request: tool_call_id  is not found', source: quoted('https://github.com/langbot-app/LangBot/issues/1040') },
    qwen: {
      verdict: 'refuses',
      error: 'messages with role "tool" must be a response to a preceeding message with "tool_calls".',
      source: quoted('https://github.com/QwenLM/qwen-code/issues/2360'),
    },
  },
  'empty-content': {
    anthropic: {
      verdict: 'refuses',
      error: 'all messages must have non-empty content except for the optional final assistant message',
      source: quoted('https://github.com/anthropics/claude-code/issues/3196'),
    },
    openai: { verdict: 'unknown', source: unverified('https://github.com/openai/openai-cookbook/issues/503') },
    gemini: { verdict: 'refuses', error: 'contents.parts must not be empty.', source: quoted('https://github.com/aaif-goose/goose/pull/1425') },
    deepseek: {
      verdict: 'refuses',
      error: 'Invalid assistant message: content or tool_calls must be set',
      source: quoted('https://github.com/carlrobertoh/ProxyAI/issues/830'),
    },
    kimi: {
      verdict: 'refuses',
      error: "the message at position N with role 'assistant' must not be empty",
      source: quoted('https://github.com/MoonshotAI/kimi-code/issues/1985'),
    },
    qwen: { verdict: 'refuses', error: 'The content field is a required field.', source: quoted('https://github.com/QwenLM/qwen-code/issues/5265') },
  },
  'same-role-twice': {
    anthropic: { verdict: 'merges', source: quoted('https://platform.claude.com/docs/en/api/messages/create') },
    openai: { verdict: 'accepts', source: unverified('https://platform.openai.com/docs/api-reference/chat/create') },
    gemini: { verdict: 'unknown' },
    deepseek: {
      verdict: 'depends-on-model',
      error: 'deepseek-reasoner does not support successive user or assistant messages',
      source: quoted('https://github.com/deepseek-ai/DeepSeek-R1/issues/21'),
    },
    kimi: { verdict: 'unknown' },
    qwen: { verdict: 'unknown' },
  },
  'image-in-user-message': {
    anthropic: { verdict: 'accepts', source: quoted('https://platform.claude.com/docs/en/build-with-claude/vision') },
    openai: { verdict: 'accepts', source: quoted('https://platform.openai.com/docs/guides/images-vision') },
    gemini: { verdict: 'accepts', source: quoted('https://ai.google.dev/gemini-api/docs/image-understanding') },
    deepseek: { verdict: 'refuses', error: 'unknown variant `image_url`, expected `text`', source: quoted('https://github.com/rikkahub/rikkahub/issues/1433') },
    kimi: { verdict: 'depends-on-model', source: claimed('https://github.com/simstudioai/sim/pull/5716') },
    qwen: { verdict: 'depends-on-model', error: 'Unexpected item type in content.', source: quoted('https://github.com/can1357/oh-my-pi/pull/1861') },
  },
  'image-in-tool-result': {
    anthropic: {
      verdict: 'accepts',
      source: quoted('https://github.com/anthropics/anthropic-sdk-python/blob/main/src/anthropic/types/tool_result_block_param.py'),
    },
    openai: {
      verdict: 'refuses',
      error: "Image URLs are only allowed for messages with role 'user'",
      source: quoted('https://github.com/openai/openai-node/issues/1030'),
    },
    gemini: { verdict: 'depends-on-model', source: claimed('https://github.com/agentjido/req_llm/pull/701') },
    deepseek: { verdict: 'refuses', error: 'unknown variant `image_url`, expected `text`', source: quoted('https://github.com/can1357/oh-my-pi/pull/9169') },
    kimi: { verdict: 'unknown' },
    qwen: { verdict: 'unknown' },
  },
  'ends-with-assistant': {
    anthropic: {
      verdict: 'depends-on-model',
      error: 'This model does not support assistant message prefill. The conversation must end with a user message.',
      source: quoted('https://github.com/langchain-ai/deepagents/issues/1585'),
    },
    openai: { verdict: 'unknown' },
    gemini: {
      verdict: 'depends-on-model',
      error: 'Requests ending with a model turn are not supported.',
      source: claimed('https://github.com/LibreChat-AI/agents/pull/323'),
    },
    deepseek: { verdict: 'unknown' },
    kimi: { verdict: 'unknown' },
    qwen: { verdict: 'unknown' },
  },
};

/** Each provider's rule for function names, as its error text states it. */
export const TOOL_NAME_RULES: Record<ProviderId, { pattern: RegExp; rule: string; source: RuleSource }> = {
  anthropic: {
    pattern: /^[a-zA-Z0-9_-]{1,128}$/,
    rule: "String should match pattern '^[a-zA-Z0-9_-]{1,128}$'",
    source: quoted('https://github.com/home-assistant/core/issues/147760'),
  },
  openai: { pattern: /^[a-zA-Z0-9_-]{1,64}$/, rule: "'^[a-zA-Z0-9_-]+$', maximum length 64", source: quoted('https://github.com/brekkylab/ailoy/pull/109') },
  gemini: {
    pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
    rule: 'Must start with a letter or an underscore; letters, digits, _ . : -; at most 64',
    source: quoted('https://github.com/cline/cline/issues/7339'),
  },
  deepseek: {
    pattern: /^.{1,64}$/s,
    rule: 'at most 64 characters (no pattern published)',
    source: quoted('https://github.com/mrexodia/ida-pro-mcp/issues/129'),
  },
  kimi: {
    pattern: /^[a-zA-Z][a-zA-Z0-9_-]*$/,
    rule: 'must start with a letter and can contain letters, numbers, underscores, and dashes',
    source: quoted('https://github.com/MoonshotAI/kimi-cli/issues/1773'),
  },
  qwen: { pattern: /^.{1,64}$/s, rule: 'The length of the tool name cannot exceed 64.', source: quoted('https://github.com/QwenLM/Qwen3-VL/issues/2069') },
};
