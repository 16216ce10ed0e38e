import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect-format';
import { FidelityLog } from './fidelity-report';
import { IMPORT_FORMATS } from './formats';
import { ImportError } from './import-errors';
import { importTranscript } from './import-transcript';
import { readImportSource } from './read-import-source';
import { ownFixture, ownFixtureFiles } from './testing/own-fixtures';
import { syntheticClaudeSession } from './testing/synthetic-claude-session';

async function refusal(input: string, options: Parameters<typeof importTranscript>[1] = {}): Promise<ImportError> {
  try {
    await importTranscript(input, options);
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error('expected the import to be refused');
}

const claudeLine = (uuid: string, parentUuid: string | null, role: 'user' | 'assistant', content: string) =>
  JSON.stringify({
    type: role,
    uuid,
    parentUuid,
    sessionId: 's',
    message: role === 'user' ? { role, content } : { id: `m-${uuid}`, role, content: [{ type: 'text', text: content }], stop_reason: 'end_turn' },
  });

describe('importTranscript', () => {
  it.each(ownFixtureFiles().map(({ name, format }) => [name, format]))(
    'detects the sample %s as its folder’s format %s, and imports it',
    async (name, folder) => {
      const text = ownFixture(name);
      const source = await readImportSource(text, new FidelityLog());
      const format = detectFormat(source, IMPORT_FORMATS);
      expect(format.id).toBe(folder);
      const result = await importTranscript(text);
      expect(result.format).toBe(format.id);
      expect(result.report.counts.messages).toBeGreaterThan(0);
    },
  );

  it('imports as the format the person chose, and says the person chose it', async () => {
    const text = JSON.stringify([{ role: 'user', content: 'Hi' }]);
    const result = await importTranscript(text, { format: 'anthropic-messages' });
    expect(result.format).toBe('anthropic-messages');
    expect(result.report.formatChosenBy).toBe('person');
  });

  it('refuses a chosen format the input is not in, without making anything', async () => {
    const text = ownFixture('claude-code/compact-boundary-summary-line.jsonl');
    const codex = await refusal(text, { format: 'codex' });
    expect(codex.message).toBe('This is not Codex CLI rollout (JSONL): no line is a {timestamp, type, payload} record of a type Codex writes.');
    const chat = await refusal(text, { format: 'openai-chat' });
    expect(chat.message).toBe('This is not OpenAI Chat Completions: the input is JSON Lines; this format is one JSON document.');
  });

  it('refuses what no format reads, naming its shape and listing the formats', async () => {
    const error = await refusal('{"hello":"world"}');
    expect(error.code).toBe('unknown-format');
    expect(error.message).toMatch(/^Fork Lab does not recognise this transcript \(a JSON object with keys hello\)\. It reads: Fork Lab fork bundle \(JSON\), /);
  });

  it('refuses an input that holds no conversation', async () => {
    const error = await refusal(JSON.stringify({ sessionId: 's', projectHash: 'p', startTime: 't', lastUpdated: 't', messages: [] }));
    expect(error.code).toBe('no-conversation');
  });

  it('imports a record of 10 MB (a large tool result) whole', async () => {
    const big = 'x'.repeat(10 * 1024 * 1024);
    const text = [claudeLine('u1', null, 'user', 'Read the log.'), claudeLine('a1', 'u1', 'assistant', big)].join('\n');
    const result = await importTranscript(text);
    const last = result.transcript.messages.at(-1)!.message.content as { text: string }[];
    expect(last[0]!.text).toHaveLength(10 * 1024 * 1024);
  });

  it('imports 200,000 lines', async () => {
    const lines: string[] = [];
    let parent: string | null = null;
    for (let index = 0; index < 100_000; index++) {
      lines.push(claudeLine(`u${index}`, parent, 'user', `Question ${index}`));
      lines.push(claudeLine(`a${index}`, `u${index}`, 'assistant', `Answer ${index}`));
      parent = `a${index}`;
    }
    const result = await importTranscript(lines.join('\n'));
    expect(result.report.counts).toMatchObject({ sourceRecords: 200_000, messages: 200_000, realUserTurns: 100_000, turnEnds: 100_000 });
  }, 60_000);

  it('imports a 50 MB session, under the documented limit', async () => {
    const { text } = syntheticClaudeSession(50 * 1024 * 1024);
    const result = await importTranscript(text);
    expect(result.report.counts.sourceBytes).toBeGreaterThan(50 * 1024 * 1024);
    expect(result.report.counts.realUserTurns).toBe(result.report.counts.turnEnds);
  }, 60_000);

  it('removes a "__proto__" key inside tool call arguments written as a JSON string, and reports it', async () => {
    const text = JSON.stringify({
      messages: [
        { role: 'user', content: 'Go' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"__proto__":{"admin":true},"path":"a"}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'ok' },
      ],
    });
    const result = await importTranscript(text);
    const call = (result.transcript.messages[1]!.message.content as { type: string; input?: unknown }[]).find((part) => part.type === 'tool-call');
    expect(call?.input).toEqual({ path: 'a' });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(result.report.entries.map((entry) => entry.reason)).toContain(
      'key "__proto__" removed from tool call arguments: it is not allowed as a key (__proto__)',
    );
  });
});

describe('importTranscript: nesting inside a JSON-string argument', () => {
  it('names the arguments field when the parsed arguments nest too deep', async () => {
    const deep = `${'['.repeat(150)}${']'.repeat(150)}`;
    const text = JSON.stringify({
      messages: [
        { role: 'user', content: 'Go' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: deep } }] },
      ],
    });
    const error = await refusal(text, { format: 'openai-chat' });
    expect(error.code).toBe('too-deep');
    expect(error.location.field).toMatch(/^messages\[1\]\.tool_calls\[0\]\.function\.arguments \(parsed at (\[0\])+\)$/);
  });
});
