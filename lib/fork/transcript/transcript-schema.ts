import { z } from 'zod';
import { type InputIssue, TranscriptValidationError } from '../errors';
import { jsonValueSchema } from './json-value-schema';
import type { AgentProfile, MessageMeta, ModelMessage, ParentTranscript, TranscriptMessage } from './transcript';
import { TURN_END_REASONS } from './transcript';

const jsonValue = jsonValueSchema;
const providerOptions = z.record(z.string(), z.record(z.string(), jsonValue)).optional();

const textPart = z.strictObject({ type: z.literal('text'), text: z.string(), providerOptions });
const imagePart = z.strictObject({
  type: z.literal('image'),
  image: z.string().describe('base64 data or a URL'),
  mediaType: z.string().optional(),
  providerOptions,
});
const filePart = z.strictObject({
  type: z.literal('file'),
  data: z.string().describe('base64 data or a URL'),
  filename: z.string().optional(),
  mediaType: z.string(),
  providerOptions,
});
const reasoningPart = z.strictObject({ type: z.literal('reasoning'), text: z.string(), providerOptions });
const toolCallPart = z.strictObject({
  type: z.literal('tool-call'),
  toolCallId: z.string().min(1),
  toolName: z.string().min(1),
  input: jsonValue,
  providerExecuted: z.boolean().optional(),
  providerOptions,
});
const fileId = z.union([z.string(), z.record(z.string(), z.string())]);
/** One item of a tool result's `content` output, as the AI SDK types it. */
const toolResultContentItem = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), text: z.string(), providerOptions }),
  z.strictObject({ type: z.literal('media'), data: z.string(), mediaType: z.string() }),
  z.strictObject({ type: z.literal('file-data'), data: z.string(), mediaType: z.string(), filename: z.string().optional(), providerOptions }),
  z.strictObject({ type: z.literal('file-url'), url: z.string(), mediaType: z.string().optional(), providerOptions }),
  z.strictObject({ type: z.literal('file-id'), fileId, providerOptions }),
  z.strictObject({ type: z.literal('image-data'), data: z.string(), mediaType: z.string(), providerOptions }),
  z.strictObject({ type: z.literal('image-url'), url: z.string(), providerOptions }),
  z.strictObject({ type: z.literal('image-file-id'), fileId, providerOptions }),
  z.strictObject({ type: z.literal('custom'), providerOptions }),
]);
const toolResultOutput = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), value: z.string(), providerOptions }),
  z.strictObject({ type: z.literal('json'), value: jsonValue, providerOptions }),
  z.strictObject({ type: z.literal('execution-denied'), reason: z.string().optional(), providerOptions }),
  z.strictObject({ type: z.literal('error-text'), value: z.string(), providerOptions }),
  z.strictObject({ type: z.literal('error-json'), value: jsonValue, providerOptions }),
  z.strictObject({ type: z.literal('content'), value: z.array(toolResultContentItem) }),
]);
const toolResultPart = z.strictObject({
  type: z.literal('tool-result'),
  toolCallId: z.string().min(1),
  toolName: z.string().min(1),
  output: toolResultOutput,
  providerOptions,
});
const toolApprovalRequest = z.strictObject({
  type: z.literal('tool-approval-request'),
  approvalId: z.string(),
  toolCallId: z.string(),
});
const toolApprovalResponse = z.strictObject({
  type: z.literal('tool-approval-response'),
  approvalId: z.string(),
  approved: z.boolean(),
  reason: z.string().optional(),
  providerExecuted: z.boolean().optional(),
});

/** A message in the AI SDK `ModelMessage` shape, as JSON (binary content as base64 strings). */
export const modelMessageSchema: z.ZodType<ModelMessage> = z.discriminatedUnion('role', [
  z.strictObject({ role: z.literal('system'), content: z.string(), providerOptions }),
  z.strictObject({
    role: z.literal('user'),
    content: z.union([z.string(), z.array(z.discriminatedUnion('type', [textPart, imagePart, filePart]))]),
    providerOptions,
  }),
  z.strictObject({
    role: z.literal('assistant'),
    content: z.union([
      z.string(),
      z.array(z.discriminatedUnion('type', [textPart, filePart, reasoningPart, toolCallPart, toolResultPart, toolApprovalRequest])),
    ]),
    providerOptions,
  }),
  z.strictObject({
    role: z.literal('tool'),
    content: z.array(z.discriminatedUnion('type', [toolResultPart, toolApprovalResponse])),
    providerOptions,
  }),
]);

const messageMetaSchema: z.ZodType<MessageMeta> = z.strictObject({
  origin: z
    .strictObject({
      format: z.string().optional(),
      line: z.number().int().positive().optional(),
      meta: z.boolean().optional(),
      compactionSummary: z.boolean().optional(),
      note: z.string().optional(),
    })
    .optional(),
  turnEnd: z.enum(TURN_END_REASONS).optional(),
  partial: z.boolean().optional(),
});

export const transcriptMessageSchema: z.ZodType<TranscriptMessage> = z.strictObject({
  id: z.string().min(1, 'every message needs a non-empty id'),
  message: modelMessageSchema,
  meta: messageMetaSchema.optional(),
});

const toolDeclarationSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  inputSchema: z.record(z.string(), z.unknown()).optional(),
  namespace: z.string().optional(),
});

export const agentProfileSchema: z.ZodType<AgentProfile> = z
  .strictObject({
    agentId: z.string().min(1).default('main'),
    name: z.string().min(1).default('agent'),
    systemInstruction: z.string().default(''),
    tools: z.array(toolDeclarationSchema).default([]),
    toolRegistry: z.array(toolDeclarationSchema).optional(),
    model: z.string().min(1).default('fork-lab-offline'),
    depth: z.number().int().min(0).default(0),
    forkChild: z.boolean().optional(),
    approvalMode: z.string().optional(),
    thinkingLevel: z.string().optional(),
  })
  .refine((profile) => profile.forkChild !== true || profile.depth >= 1, {
    path: ['forkChild'],
    message: 'a fork child runs below the agent that forked it: forkChild needs depth 1 or more',
  });

/** A parent transcript as JSON: `{ profile?, messages }`. Message ids must be unique. */
export const parentTranscriptSchema: z.ZodType<ParentTranscript> = z
  .strictObject({
    profile: agentProfileSchema.default(() => agentProfileSchema.parse({})),
    messages: z.array(transcriptMessageSchema),
  })
  .superRefine((value, context) => {
    for (const issue of duplicateIdIssues(value.messages)) context.addIssue({ code: 'custom', ...issue });
  });

/** Every message whose id an earlier message already has. */
function duplicateIdIssues(messages: readonly { id: string }[]): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const seen = new Map<string, number>();
  messages.forEach((entry, index) => {
    const first = seen.get(entry.id);
    if (first !== undefined) {
      issues.push({ path: ['messages', index, 'id'], message: `duplicate id "${entry.id}" (first used by messages[${first}]); ids must be unique` });
    } else {
      seen.set(entry.id, index);
    }
  });
  return issues;
}

/** `messages[3].message.content[0].type` from a zod path. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

export function issuesOf(error: z.ZodError, prefix: string): InputIssue[] {
  return error.issues.map((issue) => ({
    path: formatIssuePath([...(prefix ? [prefix] : []), ...issue.path]),
    message: issue.message,
  }));
}

/** Validate a parent transcript; throws `TranscriptValidationError` naming every bad value. */
export function parseParentTranscript(input: unknown, pathPrefix = ''): ParentTranscript {
  const result = parentTranscriptSchema.safeParse(input);
  if (!result.success) throw new TranscriptValidationError(issuesOf(result.error, pathPrefix));
  const transcript: ParentTranscript = result.data;
  return transcript;
}

/**
 * Validate one message of a parent that is valid otherwise (an edit's new or replaced message);
 * issues are named as `parseParentTranscript` would name them, from `path` (`messages[3]`).
 */
export function parseTranscriptMessage(input: unknown, path: string): TranscriptMessage {
  const result = transcriptMessageSchema.safeParse(input);
  if (!result.success) throw new TranscriptValidationError(issuesOf(result.error, path));
  return result.data;
}

/**
 * Validate a parent transcript Fork Lab built itself (an import's conversion) against the same
 * schema, without copying it: `parseParentTranscript` answers a new object for every one it
 * checks, which for a 50 MB import is a second transcript alive at the peak. The schema neither
 * adds nor changes anything in a message, so each is checked and kept as it is; the profile, which
 * has defaults, is parsed. Throws the same `TranscriptValidationError` with the same paths.
 */
export function checkParentTranscript(input: { profile?: unknown; messages: readonly unknown[] }): ParentTranscript {
  const issues: InputIssue[] = [];
  const profile = input.profile === undefined ? agentProfileSchema.safeParse({}) : agentProfileSchema.safeParse(input.profile);
  if (!profile.success) issues.push(...issuesOf(profile.error, 'profile'));
  input.messages.forEach((message, index) => {
    const result = transcriptMessageSchema.safeParse(message);
    if (!result.success) issues.push(...issuesOf(result.error, `messages[${index}]`));
  });
  if (issues.length > 0) throw new TranscriptValidationError(issues);
  // Each message passed `transcriptMessageSchema`, whose output type is TranscriptMessage; the copy
  // zod returns is not kept (this check must not double a 50 MB import), so the input is narrowed.
  const messages = input.messages as TranscriptMessage[];
  const duplicates = duplicateIdIssues(messages);
  if (duplicates.length > 0) throw new TranscriptValidationError(duplicates.map((issue) => ({ path: formatIssuePath(issue.path), message: issue.message })));
  return { profile: profile.data!, messages };
}
