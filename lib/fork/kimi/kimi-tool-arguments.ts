import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { z } from 'zod';

/**
 * Kimi Code checks a call's arguments against the tool's JSON schema with Ajv (draft-07, every error
 * reported, not strict) before the tool runs, and answers a failed check with one line the model
 * reads (`agent-core-v2` `tool/args-validator.ts` and `agent/toolExecutor/toolExecutorService.ts`).
 * Running the same validator over the same schema gives the same words in the same order.
 */
const AJV = new Ajv({ strict: false, allErrors: true });
const compiled = new WeakMap<object, ValidateFunction>();

/** A tool's input schema as Kimi advertises it: zod's draft-07 input schema with every object closed. */
export function kimiInputJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'input' }) as Record<string, unknown>;
  closeObjects(json);
  return json;
}

// Kimi closes every object node (`closeObjectNodes` in tool/input-schema.ts), so an unknown argument
// is refused even where zod would strip it.
function closeObjects(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) closeObjects(item);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const node = value as Record<string, unknown>;
  if (node.type === 'object' && node.additionalProperties === undefined) node.additionalProperties = false;
  for (const child of Object.values(node)) closeObjects(child);
}

function formatError(error: ErrorObject): string {
  if (error.keyword === 'required' && 'missingProperty' in error.params) return `must have required property '${String(error.params.missingProperty)}'`;
  if (error.keyword === 'additionalProperties' && 'additionalProperty' in error.params) {
    return `must NOT have additional property '${String(error.params.additionalProperty)}'`;
  }
  const path = error.instancePath ? `${error.instancePath} ` : '';
  return `${path}${error.message ?? 'is invalid'}`;
}

/** The argument an Ajv error is about: the first step of its path, or the property it names. */
function parameterOf(error: ErrorObject): string | undefined {
  const step = error.instancePath.split('/')[1];
  if (step !== undefined && step !== '') return step;
  const named = error.params.missingProperty ?? error.params.additionalProperty;
  return typeof named === 'string' ? named : undefined;
}

/**
 * Kimi's answer to arguments its schema refuses, and the argument its first complaint is about;
 * null when they pass.
 */
export function kimiArgumentsError(
  toolName: string,
  schema: Record<string, unknown>,
  args: unknown,
): { message: string; parameter: string | undefined } | null {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    validate = AJV.compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(args)) return null;
  const errors = validate.errors ?? [];
  const text = errors.length === 0 ? 'Tool parameter validation failed' : errors.map(formatError).join('; ');
  return { message: `Invalid args for tool "${toolName}": ${text}`, parameter: errors[0] === undefined ? undefined : parameterOf(errors[0]) };
}

/**
 * The input schema of a Kimi tool as the caller's requests declare it, when they declare Kimi's own
 * (its name, and a description that opens as Kimi's does): the schema a call was checked against.
 */
export function declaredKimiSchema(
  caller: { tools: readonly { name: string; description?: string; inputSchema?: Record<string, unknown> }[] },
  name: string,
  description: string,
): Record<string, unknown> | null {
  const opening = description.slice(0, description.indexOf('.') + 1);
  const declared = caller.tools.find((tool) => tool.name === name && (tool.description ?? '').startsWith(opening));
  return declared?.inputSchema ?? null;
}
