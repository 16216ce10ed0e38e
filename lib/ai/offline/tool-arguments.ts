/** The subset of JSON Schema the offline model reads to fill in tool arguments. */
export interface ObjectSchema {
  type?: unknown;
  properties?: Record<string, { type?: unknown; enum?: unknown[] }>;
  required?: string[];
}

function unquote(value: string): string {
  const quoted = /^(["'“])([\s\S]*)(["'”])$/.exec(value);
  return quoted === null ? value : quoted[2]!;
}

function coerce(value: string, type: unknown): unknown {
  if (type === 'number' || type === 'integer') {
    const number = Number(value);
    return Number.isFinite(number) ? number : value;
  }
  if (type === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
  // A list is written as one value with commas between its entries: `items: "a.ts, b.ts"`.
  if (type === 'array')
    return value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
  return value;
}

/** A value for an argument the tool does not declare, read as its words spell it. */
function undeclared(value: string): unknown {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^-?\d+$/.test(value) ? Number(value) : value;
}

/**
 * Arguments for a tool call, taken from the words of the request, so a person can drive the
 * offline model precisely: `key=value` or `key: "quoted value"` pairs name arguments directly,
 * and `key=value` even one the tool does not declare (a model told `fork=true` sends it, and the
 * runtime's own schema refuses it: Kimi's with its fork flag off); a property still missing gets, in order, a
 * path-like token (for `path`/`file` properties) or the next quoted string. Nothing is invented:
 * a property the request does not give stays out, and the tool's own validation answers for it.
 * A pair inside another's quoted value is that value's words, not an argument.
 */
export function toolArguments(request: string, schema: ObjectSchema | undefined): Record<string, unknown> {
  const properties = schema?.properties ?? {};
  const args: Record<string, unknown> = {};
  const usedQuotes = new Set<string>();
  let quotedUntil = -1;
  for (const match of request.matchAll(/([A-Za-z_][\w-]*)\s*(?:=|:)\s*("[^"]*"|'[^']*'|“[^”]*”|[^\s,;]+)/g)) {
    const key = match[1]!;
    if (match.index < quotedUntil || key in args) continue;
    const written = match[2]!;
    if (/^["'“]/.test(written)) quotedUntil = match.index + match[0].length;
    // An argument the tool does not declare counts only written `key=value`: `said: hello` in prose is no argument.
    if (!(key in properties) && !/^[A-Za-z_][\w-]*\s*=/.test(match[0])) continue;
    const value = unquote(written);
    usedQuotes.add(value);
    args[key] = key in properties ? coerce(value, properties[key]!.type) : undeclared(value);
  }
  const quoted = [...request.matchAll(/"([^"]*)"|“([^”]*)”/g)].map((match) => match[1] ?? match[2] ?? '');
  const freeQuotes = quoted.filter((value) => !usedQuotes.has(value));
  // A path may hold `@`, `+` and `~` (`~/runtimes/kimi-code@2.1.0/work/notes.txt`): stopping there sent
  // a runtime half a path, which its Read refused, and a cell that was to read a file read none.
  const paths = [...request.matchAll(/(?:^|\s)([\w.@+~-]*\/[\w.@+~/-]*\w|[\w-]+\.[A-Za-z0-9]{1,6})(?=[\s,;.!?]|$)/g)].map((match) => match[1]!);

  for (const [key, property] of Object.entries(properties)) {
    if (key in args) continue;
    if (/^(path|file|filename|filepath|file_path)$/i.test(key) && paths.length > 0) {
      args[key] = paths.shift()!;
    } else if ((property.type === 'string' || property.type === undefined) && freeQuotes.length > 0) {
      args[key] = freeQuotes.shift()!;
    }
  }
  return args;
}
