import type { ToolDeclaration } from '@/lib/fork';
import { isRecord } from '../import-source';
import { invalidField, optionalStringAt, requireStringAt } from './api-body';

export const TOOL_FIELD_DROPPED = 'tool declaration field not carried over: a tool is declared by name, description and input schema';

/** A tool's name: a call names its tool by it, so an empty one could never be answered. */
export function toolNameAt(label: string, value: unknown, field: string): string {
  const name = requireStringAt(label, value, field, "expected the tool's name");
  if (name === '') throw invalidField(label, field, name, 'a tool needs a non-empty name');
  return name;
}

/**
 * A function tool as a request body declares it: `name`, `description?` and a JSON Schema under
 * `schemaKey` (`parameters` for OpenAI, `input_schema` for Anthropic). The caller has reported the
 * declaration's other keys, whose names differ by API.
 */
export function toolDeclarationOf(label: string, tool: Record<string, unknown>, field: string, schemaKey: 'parameters' | 'input_schema'): ToolDeclaration {
  const name = toolNameAt(label, tool.name, `${field}.name`);
  const description = optionalStringAt(label, tool.description, `${field}.description`);
  const schema = tool[schemaKey];
  if (schema !== undefined && schema !== null && !isRecord(schema)) {
    throw invalidField(label, `${field}.${schemaKey}`, schema, 'expected a JSON Schema object');
  }
  return { name, ...(description === undefined ? {} : { description }), ...(isRecord(schema) ? { inputSchema: schema } : {}) };
}
