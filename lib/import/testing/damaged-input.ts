import fc from 'fast-check';
import { expect } from 'vitest';
import { ImportError } from '../import-errors';
import { IMPORT_FORMAT_IDS, type ImportFormatId } from '../import-format';
import { importTranscript } from '../import-transcript';

/** Values a careless or hostile writer puts where a field belongs. */
const ODD: unknown[] = [null, 0, -1, 1e308, '', 'constructor', '__proto__', 'toString', [], {}, [null], { type: 'constructor' }, true];
const oddValue = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ODD) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });

/**
 * One way of damaging a file. Positions are free naturals taken modulo what is there, so every
 * damage fits every sample and shrinks towards the start of the file and the first record.
 */
type Damage =
  /** A value somewhere in a record replaced: record `record`, the `at`th slot in document order (0: the record itself). */
  | { kind: 'values'; edits: { record: number; at: number; value: unknown }[] }
  /** The same slot replaced in every record, so every record of the file is damaged. */
  | { kind: 'every-record'; at: number; value: unknown }
  | { kind: 'truncate'; at: number }
  /** Bytes overwritten, mostly with JSON's own punctuation so that the result still looks like text. */
  | { kind: 'set-bytes'; writes: { at: number; byte: number }[] }
  | { kind: 'lines'; edits: { op: 'delete' | 'duplicate' | 'swap'; at: number }[] };

const someByte = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...[...'{}[]",:\\0 9aeflnrstu'].map((char) => char.charCodeAt(0))) },
  { weight: 2, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
  // Any byte: a NUL, a control character, half of a UTF-8 sequence.
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 255 }) },
);

const damage: fc.Arbitrary<Damage> = fc.oneof(
  fc.record({
    kind: fc.constant('values' as const),
    edits: fc.array(fc.record({ record: fc.nat(), at: fc.nat(), value: oddValue }), { minLength: 1, maxLength: 30 }),
  }),
  fc.record({ kind: fc.constant('every-record' as const), at: fc.nat(), value: oddValue }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('set-bytes' as const),
    writes: fc.array(fc.record({ at: fc.nat(), byte: someByte }), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({
    kind: fc.constant('lines' as const),
    edits: fc.array(fc.record({ op: fc.constantFrom('delete' as const, 'duplicate' as const, 'swap' as const), at: fc.nat() }), { minLength: 1, maxLength: 6 }),
  }),
);

/** Every place a value sits in `root`, in document order: the container and the key holding it. */
function slots(root: unknown): { holder: Record<string, unknown> | unknown[]; key: string | number }[] {
  const found: { holder: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const visit = (value: unknown) => {
    if (value === null || typeof value !== 'object') return;
    for (const [key, item] of Object.entries(value)) {
      found.push({ holder: value as Record<string, unknown>, key: Array.isArray(value) ? Number(key) : key });
      visit(item);
    }
  };
  visit(root);
  return found;
}

/** `record` with its `at`th slot (counting the record itself as slot 0) replaced by a copy of `value`. */
function replaceSlot(record: unknown, at: number, value: unknown): unknown {
  const places = slots(record);
  const pick = at % (places.length + 1);
  if (pick === 0) return structuredClone(value);
  const { holder, key } = places[pick - 1]!;
  (holder as Record<string | number, unknown>)[key] = structuredClone(value);
  return record;
}

/** A sample's records: one per JSONL line, or the whole document as one. */
function recordTexts(text: string): string[] {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return lines.length > 1 && lines.every((line) => line.trimStart().startsWith('{')) ? lines : [text];
}

function damaged(text: string, bytes: Uint8Array, what: Damage): string | Uint8Array {
  switch (what.kind) {
    case 'values': {
      const records: unknown[] = recordTexts(text).map((record) => JSON.parse(record));
      for (const edit of what.edits) {
        const index = edit.record % records.length;
        records[index] = replaceSlot(records[index], edit.at, edit.value);
      }
      return records.map((record) => JSON.stringify(record)).join('\n');
    }
    case 'every-record':
      return recordTexts(text)
        .map((record) => JSON.stringify(replaceSlot(JSON.parse(record), what.at, what.value)))
        .join('\n');
    case 'truncate':
      // Bytes, so that a cut may fall inside a character.
      return bytes.slice(0, what.at % (bytes.length + 1));
    case 'set-bytes': {
      const copy = bytes.slice();
      for (const write of what.writes) copy[write.at % copy.length] = write.byte;
      return copy;
    }
    case 'lines': {
      const lines = text.split('\n');
      for (const edit of what.edits) {
        const at = edit.at % lines.length;
        if (edit.op === 'delete' && lines.length > 1) lines.splice(at, 1);
        else if (edit.op === 'duplicate') lines.splice(at, 0, lines[at]!);
        else if (edit.op === 'swap' && at + 1 < lines.length) [lines[at], lines[at + 1]] = [lines[at + 1]!, lines[at]!];
      }
      return lines.join('\n');
    }
  }
}

/**
 * Detection, the sample's own format, or any format. A wrong format is mostly refused at once, so
 * the first two get most runs; they are where damaged records reach the converters.
 */
function formatChoice(own: ImportFormatId): fc.Arbitrary<ImportFormatId | undefined> {
  return fc.oneof(fc.constant(undefined), fc.constant(own), fc.constantFrom(...IMPORT_FORMAT_IDS));
}

/**
 * Damage `text` in every way, read as detection, as its own format or as any format, and require an
 * import or an ImportError each time: never a crash of another kind. fast-check picks a new seed
 * each run and prints it, with the shrunk damage and format, when a run fails.
 */
export async function assertImportsOrRefusesWhateverTheDamage(text: string, numRuns: number): Promise<void> {
  const bytes = new TextEncoder().encode(text);
  const own = (await importTranscript(text)).format;
  await fc.assert(
    fc.asyncProperty(damage, formatChoice(own), async (what, format) => {
      const input = damaged(text, bytes, what);
      try {
        await importTranscript(input, { format });
      } catch (error) {
        expect(error).toBeInstanceOf(ImportError);
      }
    }),
    { numRuns },
  );
}
