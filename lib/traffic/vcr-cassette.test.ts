import { describe, expect, it } from 'vitest';
import { readVcrCassette } from './vcr-cassette';

/** A cassette as pydantic-ai's tests record them: bodies parsed, answers with their usage. */
const CASSETTE = `interactions:
- request:
    method: POST
    uri: https://api.anthropic.com/v1/files?beta=true
    body: null
  response:
    parsed_body:
      id: file_1
- request:
    method: POST
    uri: https://api.anthropic.com/v1/messages?beta=true
    parsed_body:
      model: claude-sonnet-5
      cache_control:
        type: ephemeral
      messages:
      - role: user
        content: Sum the column.
  response:
    headers:
      date:
      - Tue, 30 Jun 2026 22:59:55 GMT
    parsed_body:
      usage:
        input_tokens: 6
        cache_read_input_tokens: 0
        cache_creation_input_tokens: 2048
        output_tokens: 12
- request:
    method: POST
    uri: https://api.openai.com/v1/chat/completions
    body: '{"model": "gpt-4o", "messages": [{"role": "user", "content": "Hi"}]}'
  response:
    body:
      string: '{"created": 1782860400, "usage": {"prompt_tokens": 8, "completion_tokens": 1, "prompt_tokens_details": {"cached_tokens": 0}}}'
- request: 'not an interaction'
- request:
    method: POST
    uri: https://api.openai.com/v1/responses
    parsed_body:
      model: gpt-5
      input: Hi again
`;

describe('readVcrCassette', () => {
  it('reads each model request of a cassette in order, with its body, its answer’s usage and the time the answer gives', () => {
    const log = readVcrCassette(CASSETTE, 'run.yaml');
    expect(log.problems).toEqual([{ line: 4, message: 'not an interaction: Invalid input: expected object, received string' }]);
    expect(log.exchanges.map(({ index, atMs, url, model, usage }) => ({ index, atMs, url, model, usage }))).toEqual([
      {
        index: 0,
        atMs: Date.UTC(2026, 5, 30, 22, 59, 55),
        url: 'https://api.anthropic.com/v1/messages?beta=true',
        model: 'claude-sonnet-5',
        usage: { cachedTokens: 0, writtenTokens: 2048, uncachedTokens: 6, outputTokens: 12, format: 'anthropic' },
      },
      {
        index: 1,
        atMs: 1782860400 * 1000,
        url: 'https://api.openai.com/v1/chat/completions',
        model: 'gpt-4o',
        usage: { cachedTokens: 0, writtenTokens: 0, uncachedTokens: 8, outputTokens: 1, format: 'openai-chat' },
      },
      // No answer, so no time of its own: the one before it keeps the order.
      { index: 2, atMs: 1782860400 * 1000, url: 'https://api.openai.com/v1/responses', model: 'gpt-5', usage: null },
    ]);
    expect(log.exchanges[1]!.body).toEqual({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }] });
  });

  it('says what is wrong with a file that is not a cassette, and refuses an alias bomb', () => {
    expect(readVcrCassette('interactions: [unclosed', 'x.yaml').problems[0]!.message).toMatch(/^not YAML: /);
    expect(readVcrCassette('requests: []', 'x.yaml').problems).toEqual([{ line: 1, message: 'not a VCR cassette: it has no interactions list' }]);
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from(
        { length: 8 },
        (_, k) =>
          `${String.fromCharCode(98 + k)}: &${String.fromCharCode(98 + k)} [${Array(10)
            .fill(`*${String.fromCharCode(97 + k)}`)
            .join(', ')}]`,
      ),
      'interactions: []',
    ].join('\n');
    expect(readVcrCassette(bomb, 'bomb.yaml').problems[0]!.message).toMatch(/^not YAML: /);
  });
});
