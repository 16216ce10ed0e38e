import { describe, expect, it } from 'vitest';
import { readHar } from './har';

const messagesUrl = 'https://api.anthropic.com/v1/messages';
const body = (model: string) => ({ mimeType: 'application/json', text: JSON.stringify({ model, messages: [{ role: 'user', content: 'Go.' }] }) });
const stream = `event: message_start\ndata: ${JSON.stringify({ type: 'message_start', message: { usage: { input_tokens: 3, cache_creation_input_tokens: 0, cache_read_input_tokens: 2048 } } })}\n\nevent: message_delta\ndata: {"type":"message_delta","usage":{"output_tokens":12}}\n\n`;

function har(entries: unknown[]): string {
  return JSON.stringify({ log: { version: '1.2', creator: { name: 'mitmproxy', version: '11' }, entries } });
}

describe('readHar', () => {
  it('reads each Messages request with the usage of its answer, JSON or a base64 event stream', () => {
    const log = readHar(
      har([
        {
          startedDateTime: '2026-06-15T09:15:50.120Z',
          request: { method: 'POST', url: messagesUrl, postData: body('claude-sonnet-4-20250514') },
          response: {
            status: 200,
            content: {
              mimeType: 'application/json',
              text: JSON.stringify({ usage: { input_tokens: 9, cache_creation_input_tokens: 4000, cache_read_input_tokens: 0, output_tokens: 5 } }),
            },
          },
        },
        {
          startedDateTime: '2026-06-15T09:15:51Z',
          request: { method: 'GET', url: 'https://api.anthropic.com/v1/models' },
          response: { status: 200, content: { mimeType: 'application/json', text: '{}' } },
        },
        {
          startedDateTime: '2026-06-15T09:16:00.000+00:00',
          request: { method: 'POST', url: messagesUrl, postData: body('claude-sonnet-4-20250514') },
          response: { status: 200, content: { mimeType: 'text/event-stream', encoding: 'base64', text: btoa(stream) } },
        },
        {
          startedDateTime: 'yesterday',
          request: { method: 'POST', url: messagesUrl, postData: body('m') },
          response: { status: 200, content: { mimeType: 'text/plain' } },
        },
        { request: { method: 'POST' } },
      ]),
      'session.har',
    );
    expect(log.exchanges.map(({ source, index, atMs, model, usage }) => ({ source, index, atMs, model, usage }))).toEqual([
      {
        source: 'session.har',
        index: 0,
        atMs: Date.UTC(2026, 5, 15, 9, 15, 50, 120),
        model: 'claude-sonnet-4-20250514',
        usage: { cachedTokens: 0, writtenTokens: 4000, uncachedTokens: 9, outputTokens: 5, format: 'anthropic' },
      },
      {
        source: 'session.har',
        index: 1,
        atMs: Date.UTC(2026, 5, 15, 9, 16),
        model: 'claude-sonnet-4-20250514',
        usage: { cachedTokens: 2048, writtenTokens: 0, uncachedTokens: 3, outputTokens: 12, format: 'anthropic' },
      },
    ]);
    expect(log.problems).toEqual([
      { line: 4, message: 'startedDateTime is not a date: yesterday' },
      { line: 5, message: 'not a HAR entry: Invalid input: expected string, received undefined' },
    ]);
  });

  it('says what is wrong with a file that is not HAR', () => {
    expect(readHar('{"entries": []}').problems).toEqual([{ line: 1, message: 'not a HAR file: it has no log.entries list' }]);
    expect(readHar('nope').problems).toEqual([{ line: 1, message: 'not JSON: a HAR file is one JSON document' }]);
  });
});
