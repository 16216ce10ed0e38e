/*
 * What a check is and how it is written: browser-safe, so the sweep form reads checks as the
 * server will. Running them (a regex under the vm's time limit) is run-output-checks.ts.
 */

/**
 * Checks over a child's final output, declared once for a sweep: `contains:<text>`,
 * `not-contains:<text>`, `regex:<pattern>` (or `/pattern/flags`), `json-path:<$.a.b[0]>=<JSON value>`,
 * `max-output-tokens:<N>`. A check is data, so a later kind (a model-graded one) is one more case.
 */
export type OutputCheck =
  | { kind: 'contains'; text: string }
  | { kind: 'not-contains'; text: string }
  | { kind: 'regex'; pattern: string; flags: string }
  | { kind: 'json-path'; path: (string | number)[]; equals: unknown; source: string }
  | { kind: 'max-output-tokens'; limit: number };

export interface CheckResult {
  check: string;
  passed: boolean;
  /** Why it failed, in a few words. */
  reason?: string;
}

export class OutputCheckSyntaxError extends Error {
  override readonly name = 'OutputCheckSyntaxError';
}

/** The kinds of check, in the order the help lists them. */
export const CHECK_KINDS = ['contains', 'not-contains', 'regex', 'json-path', 'max-output-tokens'] as const;

/** `$.a.b[0]` as keys and indexes; only plain member and index steps. */
function parsePath(text: string): (string | number)[] {
  if (!text.startsWith('$')) throw new OutputCheckSyntaxError(`a JSON path starts with $ (got "${text}")`);
  const steps: (string | number)[] = [];
  const step = /\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/y;
  step.lastIndex = 1;
  while (step.lastIndex < text.length) {
    const at = step.lastIndex;
    const match = step.exec(text);
    if (match === null) throw new OutputCheckSyntaxError(`cannot read the JSON path "${text}" at "${text.slice(at)}": use .key, [0] or ["key"]`);
    steps.push(match[1] ?? (match[2] !== undefined ? Number(match[2]) : quotedKey(match[3]!, text)));
  }
  return steps;
}

/** A `["key"]` step's key, its escapes read as JSON reads them. */
function quotedKey(body: string, path: string): string {
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    throw new OutputCheckSyntaxError(`cannot read the key "${body}" in the JSON path "${path}": escape as JSON strings do (\\", \\\\, \\n, \\u0041)`);
  }
}

export function parseOutputCheck(spec: string): OutputCheck {
  const colon = spec.indexOf(':');
  const kind = colon < 0 ? spec : spec.slice(0, colon);
  const value = colon < 0 ? '' : spec.slice(colon + 1);
  switch (kind) {
    case 'contains':
    case 'not-contains':
      if (value === '') throw new OutputCheckSyntaxError(`${kind} needs the text to look for (${kind}:<text>)`);
      return { kind, text: value };
    case 'regex': {
      const literal = /^\/(.*)\/([dgimsuvy]*)$/s.exec(value);
      const pattern = literal?.[1] ?? value;
      const flags = literal?.[2] ?? '';
      try {
        new RegExp(pattern, flags);
      } catch (error) {
        throw new OutputCheckSyntaxError(`regex: ${(error as Error).message}`);
      }
      return { kind, pattern, flags };
    }
    case 'json-path': {
      const equals = value.indexOf('=');
      if (equals < 0) throw new OutputCheckSyntaxError('json-path needs a path and a value (json-path:$.answer="heron-7731")');
      let expected: unknown;
      try {
        expected = JSON.parse(value.slice(equals + 1));
      } catch {
        throw new OutputCheckSyntaxError(`json-path: the value after = must be JSON (got ${value.slice(equals + 1)})`);
      }
      return { kind, path: parsePath(value.slice(0, equals)), equals: expected, source: value.slice(0, equals) };
    }
    case 'max-output-tokens': {
      if (!/^\d+$/.test(value)) throw new OutputCheckSyntaxError(`max-output-tokens needs a whole number (got "${value}")`);
      return { kind, limit: Number(value) };
    }
    default:
      throw new OutputCheckSyntaxError(`"${kind}" is not a check; one of ${CHECK_KINDS.join(', ')}`);
  }
}

export function describeCheck(check: OutputCheck): string {
  switch (check.kind) {
    case 'contains':
    case 'not-contains':
      return `${check.kind}:${check.text}`;
    case 'regex':
      return `regex:/${check.pattern}/${check.flags}`;
    case 'json-path':
      return `json-path:${check.source}=${JSON.stringify(check.equals)}`;
    case 'max-output-tokens':
      return `max-output-tokens:${check.limit}`;
  }
}
