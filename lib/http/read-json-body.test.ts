import { describe, expect, it } from 'vitest';
import { formatBytes } from '@/lib/http/format-bytes';
import { HttpError } from './http-error';
import { DISCARD_LIMIT_BYTES, readJsonBody } from './read-json-body';

const post = (body: BodyInit | null, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  new Request('http://localhost/api', { method: 'POST', body, headers, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit);

/** A body of `chunks` chunks of `size` bytes, made as they are read, that records how far it was read and whether it was cut. */
function source(chunks: number, size: number) {
  const chunk = new Uint8Array(size).fill(120);
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) controller.close();
      else {
        seen.pulled += 1;
        controller.enqueue(chunk);
      }
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

describe('readJsonBody', () => {
  it('parses a JSON body', async () => {
    await expect(readJsonBody(post('{"a":[1]}'), 100)).resolves.toEqual({ a: [1] });
  });

  it('refuses a declared length over the limit without keeping any of it', async () => {
    const request = post('{}', { 'content-type': 'application/json', 'content-length': '5000' });
    await expect(readJsonBody(request, 100)).rejects.toMatchObject({ status: 413, code: 'too-large', details: { limitBytes: 100 } });
    await expect(readJsonBody(request, 100)).rejects.toBeInstanceOf(HttpError);
  });

  it('refuses a streamed body once it crosses the limit', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(50)));
        controller.close();
      },
    });
    await expect(readJsonBody(post(stream), 100)).rejects.toThrow('Request body is larger than the 100 bytes limit.');
  });

  it('reads and drops the rest of a refused body, so the connection is not cut with bytes unread', async () => {
    // Crossing the limit while reading.
    const streamed = source(10, 50);
    await expect(readJsonBody(post(streamed.stream), 100)).rejects.toMatchObject({ status: 413 });
    expect(streamed.seen).toEqual({ pulled: 10, cancelled: false });
    // Refused by its declared length.
    const declared = source(10, 50);
    const request = new Request('http://localhost/api', {
      method: 'POST',
      body: declared.stream,
      headers: { 'content-type': 'application/json', 'content-length': '500' },
      duplex: 'half',
    } as RequestInit);
    await expect(readJsonBody(request, 100)).rejects.toMatchObject({ status: 413 });
    expect(declared.seen).toEqual({ pulled: 10, cancelled: false });
  });

  it('stops reading a refused body past the discard bound', async () => {
    const endless = source(Number.POSITIVE_INFINITY, 8 * 1024 * 1024);
    await expect(readJsonBody(post(endless.stream), 100)).rejects.toMatchObject({ status: 413 });
    expect(endless.seen.cancelled).toBe(true);
    expect(endless.seen.pulled * 8 * 1024 * 1024).toBeGreaterThan(DISCARD_LIMIT_BYTES);
    expect((endless.seen.pulled - 2) * 8 * 1024 * 1024).toBeLessThanOrEqual(DISCARD_LIMIT_BYTES);
  });

  it('says what is wrong with a body that is not JSON, or empty', async () => {
    await expect(readJsonBody(post('{"a":'), 100)).rejects.toMatchObject({ status: 400, code: 'invalid-json' });
    await expect(readJsonBody(post('{"a":'), 100)).rejects.toThrow(/^Request body is not valid JSON: /);
    await expect(readJsonBody(post(''), 100)).rejects.toThrow('Request body is empty: send a JSON object.');
  });

  it('refuses another content type', async () => {
    await expect(readJsonBody(post('a=1', { 'content-type': 'application/x-www-form-urlencoded' }), 100)).rejects.toMatchObject({
      status: 415,
      code: 'unsupported-media-type',
    });
  });

  it('formats limits for people', () => {
    expect(formatBytes(8 * 1024 * 1024)).toBe('8 MB');
    expect(formatBytes(1536 * 1024)).toBe('1.5 MB');
    expect(formatBytes(10)).toBe('10 bytes');
  });
});
