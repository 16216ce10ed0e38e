import { AmbiguousFormatError, UnknownFormatError } from './import-errors';
import type { ImportFormat } from './import-format';
import type { ImportSource } from './import-source';

/** Scores this close to the best are a tie the person must settle. */
const TIE = 0.05;

export interface DetectedFormat {
  format: ImportFormat;
  score: number;
}

/** Every format that could read the source, surest first. */
export function rankFormats(source: ImportSource, formats: readonly ImportFormat[]): DetectedFormat[] {
  return formats
    .map((format) => ({ format, score: format.detect(source) }))
    .filter((candidate) => candidate.score > 0)
    .sort((a, b) => b.score - a.score);
}

/**
 * The one format the source is in. A shape several formats share (a bare `[{role, content}]` list
 * is OpenAI, Anthropic and AI SDK alike) is not guessed: the person is asked to choose, because the
 * formats differ in what counts as a tool result or a system prompt.
 */
export function detectFormat(source: ImportSource, formats: readonly ImportFormat[]): ImportFormat {
  const ranked = rankFormats(source, formats);
  const best = ranked[0];
  if (best === undefined) {
    throw new UnknownFormatError(
      describeShape(source),
      formats.map((format) => format.label),
    );
  }
  const tied = ranked.filter((candidate) => best.score - candidate.score <= TIE);
  if (tied.length > 1) {
    throw new AmbiguousFormatError(tied.map(({ format }) => ({ id: format.id, label: format.label })));
  }
  return best.format;
}

function describeShape(source: ImportSource): string {
  if (source.shape === 'jsonl') {
    const first = source.records[0]?.value;
    const keys = first !== null && typeof first === 'object' ? Object.keys(first).slice(0, 6).join(', ') : typeof first;
    return `JSON Lines whose first record has ${keys === '' ? 'no keys' : `keys ${keys}`}`;
  }
  const value = source.value;
  if (Array.isArray(value)) return `a JSON array of ${value.length} item(s)`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).slice(0, 6).join(', ');
    return `a JSON object with ${keys === '' ? 'no keys' : `keys ${keys}`}`;
  }
  return `a JSON ${value === null ? 'null' : typeof value}`;
}
