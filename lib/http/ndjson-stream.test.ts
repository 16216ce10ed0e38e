import { describe, expect, it } from 'vitest';
import { ndjsonLines } from './ndjson-lines';
import { ndjsonStream } from './ndjson-stream';

async function readAll(stream: ReadableStream<Uint8Array>): Promise<unknown[]> {
  const events: unknown[] = [];
  for await (const line of ndjsonLines(stream as ReadableStream<Uint8Array<ArrayBuffer>>)) events.push(JSON.parse(line));
  return events;
}

describe('ndjsonStream', () => {
  it('writes each event as one line, in order, and closes when the writer is done', async () => {
    const stream = ndjsonStream(async (writer) => {
      await writer.send({ n: 1 });
      await writer.sendJson('{"n":2}');
      await writer.send({ n: 3 });
    });
    expect(await readAll(stream)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('keeps the writer waiting while the reader is behind: at most one line is queued', async () => {
    let written = 0;
    const stream = ndjsonStream(async (writer) => {
      for (let n = 0; n < 100; n++) {
        await writer.send({ n });
        written++;
      }
    });
    const reader = stream.getReader();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Nothing read yet: the writer is parked on its first full queue.
    expect(written).toBeLessThanOrEqual(1);
    await reader.read();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(written).toBeLessThanOrEqual(3);
    reader.releaseLock();
    expect(await readAll(stream)).toHaveLength(98);
    expect(written).toBe(100);
  });

  it('tells the writer the reader went away, wakes it, and drops what it writes after', async () => {
    let sawCancel = false;
    let finished = false;
    const stream = ndjsonStream(async (writer) => {
      for (let n = 0; n < 1_000 && !writer.cancelled; n++) await writer.send({ n });
      sawCancel = writer.cancelled;
      await writer.send({ after: true });
      finished = true;
    });
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sawCancel).toBe(true);
    expect(finished).toBe(true);
  });

  it('ends the body with the error a writer throws', async () => {
    const stream = ndjsonStream(async (writer) => {
      await writer.send({ n: 1 });
      throw new Error('broken');
    });
    await expect(readAll(stream)).rejects.toThrow('broken');
  });
});
