import { describe, expect, it } from 'vitest';
import { ndjsonLines } from './ndjson-lines';

function bodyOf(chunks: string[]): ReadableStream<Uint8Array<ArrayBuffer>> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function linesOf(chunks: string[]): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of ndjsonLines(bodyOf(chunks))) lines.push(line);
  return lines;
}

describe('ndjsonLines', () => {
  it('yields each line once, however the chunks fall, and skips blank ones', async () => {
    expect(await linesOf(['{"a":1}\n{"b"', ':2}\n\n', '  \n{"c":3}\n'])).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
    expect(await linesOf(['{"a":1}\n{"b":2}\n'])).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('yields a last line that has no newline', async () => {
    expect(await linesOf(['{"a":1}\n', '{"b":2}'])).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('joins a line split over many chunks, and a character split between two', async () => {
    const text = `{"text":"${'é€'.repeat(1000)}"}\n`;
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        // Three bytes at a time: every multi-byte character is cut somewhere.
        for (let start = 0; start < bytes.length; start += 3) controller.enqueue(bytes.slice(start, start + 3));
        controller.close();
      },
    });
    const lines: string[] = [];
    for await (const line of ndjsonLines(body)) lines.push(line);
    expect(lines).toEqual([text.trimEnd()]);
  });
});
