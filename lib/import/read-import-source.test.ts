import { describe, expect, it } from 'vitest';
import { FidelityLog } from './fidelity-report';
import { ImportError } from './import-errors';
import { IMPORT_LIMITS } from './import-limits';
import { readImportSource } from './read-import-source';

async function read(input: string | Uint8Array, limits = IMPORT_LIMITS) {
  const log = new FidelityLog();
  const source = await readImportSource(input, log, { limits });
  return { source, entries: log.entries() };
}

async function refusal(input: string | Uint8Array, limits = IMPORT_LIMITS): Promise<ImportError> {
  try {
    await read(input, limits);
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error('expected the import to be refused');
}

describe('readImportSource', () => {
  it('reads JSON Lines with 1-based line numbers, skipping blank lines', async () => {
    const { source } = await read('{"a":1}\n\n{"b":2}\n');
    expect(source).toEqual({
      shape: 'jsonl',
      bytes: 17,
      records: [
        { line: 1, value: { a: 1 } },
        { line: 3, value: { b: 2 } },
      ],
    });
  });

  it('reads a pretty-printed JSON document as one value, and strips a byte-order mark', async () => {
    const { source } = await read('\uFEFF{\n  "messages": []\n}\n');
    expect(source.shape).toBe('json');
    expect(source.shape === 'json' && source.value).toEqual({ messages: [] });
  });

  it('tells JSON Lines from a document without parsing: the line limit is for records, not a minified body', async () => {
    const small = { ...IMPORT_LIMITS, maxLineChars: 20 };
    const minified = JSON.stringify({ messages: [{ role: 'user', content: 'a long minified request body' }] });
    expect((await read(minified, small)).source.shape).toBe('json');
    expect((await read('{\n  "a": 1\n}\n')).source.shape).toBe('json');
    expect((await read('{"a": [1,\n 2]}\n')).source.shape).toBe('json');
    expect((await read('{"a":1}\n{"b":2}')).source.shape).toBe('jsonl');
  });

  it('names line 1 when the first record of JSON Lines is the broken one', async () => {
    expect((await refusal('{"a":1,}\n{"b":2}\n')).location).toEqual({ line: 1 });
  });

  it('refuses an empty or blank input', async () => {
    expect((await refusal('')).code).toBe('empty');
    expect((await refusal(' \n\t\n')).message).toBe('The input is empty. Paste or drop a transcript: JSON or JSON Lines.');
  });

  it('refuses binary data and invalid UTF-8 before parsing', async () => {
    expect((await refusal(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]))).message).toBe(
      'This is not a text transcript (it contains NUL bytes). Import JSON or JSON Lines saved as UTF-8.',
    );
    expect((await refusal(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]))).message).toBe(
      'This is not a text transcript (it is not valid UTF-8). Import JSON or JSON Lines saved as UTF-8.',
    );
  });

  it('names the line and column of invalid JSON in a document', async () => {
    const error = await refusal('{\n  "messages": [\n    {"role": "user",}\n  ]\n}');
    expect(error.code).toBe('invalid-json');
    expect(error.location.line).toBe(3);
    expect(error.message).toMatch(/^Line 3 is not valid JSON: .*\(column \d+\)\.$/);
  });

  it('refuses a bad line in the middle of JSON Lines, naming it', async () => {
    const error = await refusal('{"a":1}\n{"b":\n{"c":3}\n');
    expect(error.code).toBe('invalid-json');
    expect(error.location).toEqual({ line: 2 });
  });

  it('drops a truncated last line (the file was still being written) and reports it', async () => {
    const { source, entries } = await read('{"a":1}\n{"b":2}\n{"c":');
    expect(source.shape === 'jsonl' && source.records.map((record) => record.line)).toEqual([1, 2]);
    expect(entries).toEqual([
      { action: 'dropped', reason: 'truncated last line: the file ends mid-record (it was still being written)', lines: [3], fields: [], count: 1 },
    ]);
  });

  it('refuses a bad last line when the file ends with a newline: the record was complete, and wrong', async () => {
    expect((await refusal('{"a":1}\n{"b":\n')).location).toEqual({ line: 2 });
  });

  it('enforces the size, line length and line count limits before parsing', async () => {
    const small = { ...IMPORT_LIMITS, maxBytes: 64, maxLineChars: 20, maxLines: 3 };
    expect((await refusal('x'.repeat(65), small)).message).toBe('The file is 65 bytes; imports are limited to 64 bytes.');
    const long = await refusal(`{"a":1}\n{"b":"${'y'.repeat(30)}"}\n`, { ...small, maxBytes: 1000 });
    expect(long.message).toBe('Line 2 is 38 bytes long; a single record may be at most 20 bytes.');
    expect(long.location).toEqual({ line: 2 });
    const many = await refusal('{}\n{}\n{}\n{}\n', small);
    expect(many.message).toBe('The file has 4 lines; imports are limited to 3.');
  });

  it('refuses nesting deeper than the limit, naming the line and the field, without overflowing the stack', async () => {
    const deep = `{"ok":1}\n{"a":${'['.repeat(200_000)}${']'.repeat(200_000)}}\n`;
    const error = await refusal(deep);
    expect(error.code).toBe('too-deep');
    expect(error.location.line).toBe(2);
    expect(error.location.field).toBe(`a${'[0]'.repeat(99)}`);
    expect(error.message).toContain('nested more than 100 levels deep');
  });

  it('finds a "__proto__" key written with \\u escapes too', async () => {
    const { source, entries } = await read('{"a":{"\\u005f\\u005fproto__":{"x":1},"b":"]]]"}}\n{"x":1}\n');
    expect(source.shape === 'jsonl' && source.records[0]!.value).toEqual({ a: { b: ']]]' } });
    expect(entries[0]!.reason).toBe('key "__proto__" removed: it is not allowed as a key (a.__proto__)');
  });

  it('removes "__proto__" keys and reports them, leaving "constructor" as data and Object.prototype alone', async () => {
    const { source, entries } = await read('{"input":{"__proto__":{"polluted":true},"constructor":{"prototype":1}}}\n{"x":1}\n');
    expect(source.shape === 'jsonl' && source.records[0]!.value).toEqual({ input: { constructor: { prototype: 1 } } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(entries).toEqual([
      { action: 'dropped', reason: 'key "__proto__" removed: it is not allowed as a key (input.__proto__)', lines: [1], fields: [], count: 1 },
    ]);
  });
});
