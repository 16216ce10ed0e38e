/**
 * The words that make the offline model make a call: `Call <tool> with key=value key="a quoted
 * value"`, which `toolArguments` reads back to the same input. What Fork Lab shows as an example
 * of asking the parent to fork is written by this, so an example is always a call the runtime's
 * schema and rules were asked to take, never a hand-written one that drifted from them.
 */
export function callInWords(tool: string, input: Readonly<Record<string, unknown>>): string {
  const pairs = Object.entries(input).flatMap(([key, value]) => {
    const text = valueInWords(value);
    return text === null ? [] : [`${key}=${text}`];
  });
  return `Call ${tool} with ${pairs.join(' ')}`;
}

/** A value as `toolArguments` reads it: bare when it is one plain token, quoted otherwise; null when words cannot carry it. */
function valueInWords(value: unknown): string | null {
  if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return String(value);
  // A list is one value with commas between its entries.
  if (Array.isArray(value)) return value.every((entry) => typeof entry === 'string') ? quoted(value.join(', ')) : null;
  if (typeof value !== 'string') return null;
  return /^[^\s,;"'“”]+$/.test(value) ? value : quoted(value);
}

/** In the first quotes the text does not hold; its straight double quotes made single when it holds every kind. */
function quoted(text: string): string {
  if (!text.includes('"')) return `"${text}"`;
  if (!text.includes('“') && !text.includes('”')) return `“${text}”`;
  if (!text.includes("'")) return `'${text}'`;
  return `"${text.replaceAll('"', "'")}"`;
}
