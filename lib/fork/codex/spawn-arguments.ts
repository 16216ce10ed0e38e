import { rustDebugString, rustFloat } from './rust-text';

/*
 * Codex decodes a call's arguments into a fixed record before any of its own checks run
 * (`parse_arguments` in codex-rs/core/src/tools/handlers/mod.rs, into `SpawnAgentArgs` of
 * multi_agents_v2/spawn.rs), so a value of the wrong type is refused in serde_json's words, with
 * the line and column where the decoder stopped. The column depends on the JSON text the model
 * wrote; Fork Lab computes it for the compact JSON of the call in the order `SPAWN_AGENT_FIELDS`
 * lists, and its explanation says so.
 */

/** The reasoning efforts of this era (`ReasoningEffort`, serialised in lower case). */
export const REASONING_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'] as const;

type FieldKind = 'string' | 'optional-string' | 'optional-boolean' | 'optional-effort';

/** `SpawnAgentArgs`' fields in declaration order, which is also the order serde names them in. */
export const SPAWN_AGENT_FIELDS: readonly { name: string; kind: FieldKind }[] = [
  { name: 'message', kind: 'string' },
  { name: 'task_name', kind: 'string' },
  { name: 'agent_type', kind: 'optional-string' },
  { name: 'model', kind: 'optional-string' },
  { name: 'reasoning_effort', kind: 'optional-effort' },
  { name: 'fork_turns', kind: 'optional-string' },
  { name: 'fork_context', kind: 'optional-boolean' },
];

/** How `reasoning_effort` decodes: as the `ReasoningEffort` enum (codex-rs as read), or as any string (0.169). */
export type EffortDecoding = 'enum' | 'string';

export interface ArgumentError {
  field: string;
  /** The decoder's message, as the model reads it after `failed to parse function arguments: `. */
  message: string;
}

const bytes = (text: string) => new TextEncoder().encode(text).length;

/** serde's `Unexpected` for a JSON value, as its `Display` writes it. */
function unexpected(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return `boolean \`${value}\``;
  if (typeof value === 'number') return numberUnexpected(value);
  if (typeof value === 'string') return `string ${rustDebugString(value)}`;
  return Array.isArray(value) ? 'sequence' : 'map';
}

/**
 * serde_json reads a number written without a fraction or exponent as an integer when it fits 64
 * bits (unsigned, or signed when negative), and as a float otherwise.
 */
function numberUnexpected(value: number): string {
  const text = JSON.stringify(value);
  if (/^-?\d+$/.test(text)) {
    const integer = BigInt(text);
    if (integer >= -(2n ** 63n) && integer < 2n ** 64n) return `integer \`${text}\``;
  }
  return `floating point \`${rustFloat(value)}\``;
}

const EXPECTED: Record<Exclude<FieldKind, 'optional-effort'>, string> = {
  string: 'a string',
  'optional-string': 'a string',
  'optional-boolean': 'a boolean',
};

/** Whether the decoder reads the whole value before refusing it (a scalar), or stops at its first byte. */
const consumed = (value: unknown) => value === null || typeof value !== 'object';

/**
 * The first decoding error for these arguments, in the order the JSON text holds them, then a
 * missing required field; null when they decode. A JSON `null` is an absent optional field.
 */
export function decodeSpawnArguments(entries: readonly (readonly [string, unknown])[], effort: EffortDecoding = 'enum'): ArgumentError | null {
  const text = `{${entries.map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`).join(',')}}`;
  const at = (column: number) => ` at line 1 column ${column}`;
  let offset = 1;
  for (const [name, value] of entries) {
    offset += bytes(JSON.stringify(name));
    const field = SPAWN_AGENT_FIELDS.find((candidate) => candidate.name === name);
    if (field === undefined) {
      const expected = SPAWN_AGENT_FIELDS.map((candidate) => `\`${candidate.name}\``).join(', ');
      return { field: name, message: `unknown field \`${name}\`, expected one of ${expected}${at(offset)}` };
    }
    offset += 1;
    const valueText = JSON.stringify(value);
    const end = offset + bytes(valueText);
    // 0.169 decodes the effort as a plain string and checks it against the model afterwards.
    const kind = field.kind === 'optional-effort' && effort === 'string' ? 'optional-string' : field.kind;
    const error = valueError(kind, value, offset, end);
    if (error !== null) return { field: name, message: `${error.text}${at(error.column)}` };
    offset = end + 1;
  }
  const names = new Set(entries.map(([name]) => name));
  const missing = SPAWN_AGENT_FIELDS.find((field) => field.kind === 'string' && !names.has(field.name));
  return missing === undefined ? null : { field: missing.name, message: `missing field \`${missing.name}\`${at(bytes(text))}` };
}

function valueError(kind: FieldKind, value: unknown, start: number, end: number): { text: string; column: number } | null {
  if (value === null && kind !== 'string') return null;
  if (kind === 'optional-effort') {
    if (typeof value === 'string') {
      if ((REASONING_EFFORTS as readonly string[]).includes(value)) return null;
      const variants = REASONING_EFFORTS.map((effort) => `\`${effort}\``).join(', ');
      return { text: `unknown variant \`${value}\`, expected one of ${variants}`, column: end };
    }
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return effortMapError(value as Record<string, unknown>, start);
    // An enum is read from a string or a one-key map; any other value stops the decoder at its first byte.
    return { text: 'expected value', column: start + 1 };
  }
  const fits = kind === 'optional-boolean' ? typeof value === 'boolean' : typeof value === 'string';
  if (fits) return null;
  return { text: `invalid type: ${unexpected(value)}, expected ${EXPECTED[kind]}`, column: consumed(value) ? end : start };
}

/**
 * An enum written as a map (`{"low": null}`, serde's externally tagged form): its one key is the
 * variant and a unit variant's value must be null.
 */
function effortMapError(value: Record<string, unknown>, start: number): { text: string; column: number } | null {
  const entries = Object.entries(value);
  if (entries.length === 0) return { text: 'expected value', column: start + 2 };
  const [key, inner] = entries[0]!;
  let offset = start + 1 + bytes(JSON.stringify(key));
  if (!(REASONING_EFFORTS as readonly string[]).includes(key)) {
    const variants = REASONING_EFFORTS.map((effort) => `\`${effort}\``).join(', ');
    return { text: `unknown variant \`${key}\`, expected one of ${variants}`, column: offset };
  }
  offset += 1;
  if (inner !== null)
    return { text: `invalid type: ${unexpected(inner)}, expected unit`, column: consumed(inner) ? offset + bytes(JSON.stringify(inner)) : offset };
  offset += 4;
  // After the variant's value the map must close (serde_json's `deserialize_enum`).
  return entries.length === 1 ? null : { text: 'expected value', column: offset };
}
