import { z } from 'zod';
import { FORK_BUNDLE_KIND, FORK_BUNDLE_VERSION } from '@/lib/export/fork-bundle';
import {
  FORK_POLICIES,
  type ForkPlan,
  type ForkRequest,
  ForkRequestValidationError,
  formatIssuePath,
  isForkPolicy,
  modelMessageSchema,
  type ParentTranscript,
  parseForkRequest,
  parseParentTranscript,
  planFork,
  TranscriptValidationError,
  transcriptMessageSchema,
} from '@/lib/fork';
import { canonicalJson } from '@/lib/json/canonical-json';
import type { FidelityLog } from '../fidelity-report';
import { FormatMismatchError, InvalidContentError } from '../import-errors';
import type { BundledChild, ConvertedImport, ImportFormat } from '../import-format';
import { type ImportSource, isRecord } from '../import-source';

const BUNDLE_LABEL = 'Fork Lab fork bundle (JSON)';
const TRANSCRIPT_LABEL = 'Fork Lab transcript (JSON)';

function invalid(error: unknown, prefix: string): never {
  if (error instanceof TranscriptValidationError || error instanceof ForkRequestValidationError) {
    const issue = error.issues[0]!;
    throw new InvalidContentError(`${issue.path || prefix}: ${issue.message}. ${error.message}`, { field: issue.path || prefix });
  }
  throw error;
}

function zodInvalid(error: z.ZodError, prefix: readonly PropertyKey[]): never {
  const issue = error.issues[0]!;
  const field = formatIssuePath([...prefix, ...issue.path]);
  throw new InvalidContentError(`${field}: ${issue.message}.`, { field });
}

const toolDeclaration = z.looseObject({ name: z.string().min(1) });
/**
 * Parent positions in a bundled plan. Bounded so that walking a plan (counting its tokens,
 * expanding its ranges) can never run away on a hand-made bundle.
 */
const position = z.number().int().min(0).max(1_000_000);
const childMessage = z.looseObject({
  message: modelMessageSchema,
  source: z.discriminatedUnion('kind', [
    z.looseObject({ kind: z.literal('copy'), parentIndexes: z.array(position).min(1), parentIds: z.array(z.string()) }),
    z.looseObject({ kind: z.literal('synthetic'), rule: z.string() }),
  ]),
});
const parentRange = z.looseObject({
  start: position,
  end: position,
  status: z.enum(['inherited', 'excluded']),
  reason: z.string(),
  detail: z.string(),
});
/**
 * A bundled child's plan is kept as it was made (the parent has moved on since), so it is checked
 * for every field the app reads rather than re-planned: positions are bounded and the parent ranges
 * must tile the parent in order, as the engine writes them.
 */
const childPlanSchema = z.looseObject({
  policy: z.string().refine(isForkPolicy, { message: `must be one of the registry's policies: ${FORK_POLICIES.join(', ')}` }),
  mode: z.enum(['fork', 'fresh']),
  errors: z.array(z.looseObject({ parameter: z.string(), code: z.string(), message: z.string() })),
  parent: z.array(parentRange).superRefine((ranges, context) => {
    ranges.forEach((range, index) => {
      const start = index === 0 ? 0 : ranges[index - 1]!.end;
      if (range.start !== start || range.end < range.start) {
        context.addIssue({ code: 'custom', path: [index], message: `ranges must tile the parent in order: expected start ${start} and end ≥ start` });
      }
    });
  }),
  window: z.looseObject({ start: position.nullable(), end: position, description: z.string(), realTurns: position }).nullable(),
  cache: z.looseObject({ systemMatches: z.boolean(), toolsMatch: z.boolean(), sharedMessages: position, reusableMessages: position }).nullable(),
  warnings: z.array(z.string()),
  child: z.looseObject({
    systemInstruction: z.string(),
    tools: z.array(toolDeclaration),
    model: z.string(),
    initialMessages: z.array(childMessage),
    firstPrompt: childMessage,
  }),
});
const bootstrapSchema = z
  .looseObject({
    kind: z.literal('fork'),
    version: z.literal(1),
    childId: z.string(),
    initialMessages: z.array(modelMessageSchema),
    taskPrompt: z.string(),
    firstPrompt: modelMessageSchema.optional(),
  })
  .nullable();
const bundleChildSchema = z.looseObject({
  name: z.string().max(200),
  request: z.unknown(),
  plan: childPlanSchema,
  bootstrap: bootstrapSchema,
  ownMessages: z.array(transcriptMessageSchema),
  status: z.enum(['running', 'finished', 'failed', 'stopped', 'interrupted', 'planned']),
  modelId: z.string().nullable(),
  finalOutput: z.string().nullable(),
  launchedAt: z.iso.datetime().optional(),
  familyId: z.string().max(200).optional(),
  isolation: z
    .strictObject({
      parentRevision: z.number().int().min(0),
      parentHash: z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 hex digest'),
      inheritedHash: z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 hex digest'),
    })
    .optional(),
});

function detectBundle(source: ImportSource): number {
  return source.shape === 'json' && isRecord(source.value) && source.value.kind === FORK_BUNDLE_KIND ? 1 : 0;
}

function convertBundle(source: ImportSource, log: FidelityLog): ConvertedImport {
  if (detectBundle(source) === 0) {
    throw new FormatMismatchError(BUNDLE_LABEL, `a bundle is one JSON object with "kind": "${FORK_BUNDLE_KIND}"`);
  }
  const bundle = (source as { value: Record<string, unknown> }).value;
  if (bundle.version !== FORK_BUNDLE_VERSION) {
    throw new InvalidContentError(
      `version: this Fork Lab reads fork bundles of version ${FORK_BUNDLE_VERSION}; the bundle says ${JSON.stringify(bundle.version)}.`,
      { field: 'version' },
    );
  }
  let parent: ParentTranscript;
  try {
    parent = parseParentTranscript(bundle.parent, 'parent');
  } catch (error) {
    invalid(error, 'parent');
  }
  let request: ForkRequest;
  try {
    request = parseForkRequest(bundle.request, 'request');
  } catch (error) {
    invalid(error, 'request');
  }
  // The plan is the engine's to make: it is made again here, and a bundle whose plan differs
  // (an older engine, a hand edit) says so instead of carrying a plan the engine would not make.
  const plan = planFork(parent, request);
  if (canonicalJson(plan) !== canonicalJson(bundle.plan)) {
    log.add('flagged', 'plan: differs from what this engine plans for the bundled request; the engine’s plan is shown', { field: 'plan' });
  }
  const rawChildren = Array.isArray(bundle.children) ? bundle.children : [];
  const children: BundledChild[] = rawChildren.map((raw, index) => {
    const parsed = bundleChildSchema.safeParse(raw);
    if (!parsed.success) zodInvalid(parsed.error, ['children', index]);
    let childRequest: ForkRequest;
    try {
      childRequest = parseForkRequest(parsed.data.request, `children[${index}].request`);
    } catch (error) {
      invalid(error, `children[${index}].request`);
    }
    return {
      name: parsed.data.name,
      request: childRequest,
      // The plan and bootstrap record are kept as they were made and checked only for the fields the
      // app reads (loose schemas above); the engine's full types are what the bundle was written from.
      plan: parsed.data.plan as unknown as ForkPlan,
      bootstrap: parsed.data.bootstrap as BundledChild['bootstrap'],
      ownMessages: parsed.data.ownMessages,
      status: parsed.data.status,
      modelId: parsed.data.modelId,
      finalOutput: parsed.data.finalOutput,
      ...(parsed.data.launchedAt === undefined ? {} : { launchedAt: parsed.data.launchedAt }),
      ...(parsed.data.familyId === undefined ? {} : { familyId: parsed.data.familyId }),
      ...(parsed.data.isolation === undefined ? {} : { isolation: parsed.data.isolation }),
    };
  });
  if (!Array.isArray(bundle.children)) log.add('flagged', 'children: missing; the bundle restores no child', { field: 'children' });
  return {
    transcript: parent,
    title: typeof bundle.title === 'string' && bundle.title.trim() !== '' ? bundle.title.slice(0, 200) : 'Imported fork bundle',
    request,
    children,
  };
}

/** The engine's own transcript shape, alone or inside a scenario file (`{ transcript }`). */
function transcriptOf(value: unknown): unknown {
  if (isRecord(value) && isRecord(value.transcript) && Array.isArray(value.transcript.messages)) return value.transcript;
  return value;
}

function detectTranscript(source: ImportSource): number {
  if (source.shape !== 'json') return 0;
  const transcript = transcriptOf(source.value);
  if (!isRecord(transcript) || !Array.isArray(transcript.messages)) return 0;
  const first = transcript.messages[0];
  return isRecord(first) && typeof first.id === 'string' && isRecord(first.message) ? 1 : 0;
}

function convertTranscript(source: ImportSource): ConvertedImport {
  if (source.shape !== 'json' || !isRecord(transcriptOf(source.value))) {
    throw new FormatMismatchError(TRANSCRIPT_LABEL, 'a Fork Lab transcript is one JSON object { profile?, messages: [{ id, message, meta? }] }');
  }
  const value = source.value;
  let transcript: ParentTranscript;
  try {
    transcript = parseParentTranscript(transcriptOf(value));
  } catch (error) {
    invalid(error, 'messages');
  }
  const title = isRecord(value) && typeof value.title === 'string' ? value.title.slice(0, 200) : undefined;
  return { transcript, ...(title === undefined ? {} : { title }) };
}

export const forkLabBundleFormat: ImportFormat = {
  id: 'fork-lab-bundle',
  label: BUNDLE_LABEL,
  detect: detectBundle,
  convert: convertBundle,
};

export const forkLabTranscriptFormat: ImportFormat = {
  id: 'fork-lab-transcript',
  label: TRANSCRIPT_LABEL,
  detect: detectTranscript,
  convert: convertTranscript,
};
