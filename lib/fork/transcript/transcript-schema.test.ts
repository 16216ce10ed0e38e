import { describe, expect, it } from 'vitest';
import { ForkRequestValidationError, TranscriptValidationError } from '../errors';
import { formatIssuePath, parseParentTranscript } from './transcript-schema';

function issuesOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof TranscriptValidationError || error instanceof ForkRequestValidationError) return error.issues;
    throw error;
  }
  throw new Error('expected a validation error');
}

describe('parseParentTranscript', () => {
  it('accepts messages in ModelMessage shapes and fills the profile defaults', () => {
    const parsed = parseParentTranscript({
      messages: [
        { id: 'u', message: { role: 'user', content: 'hi' } },
        {
          id: 'a',
          message: {
            role: 'assistant',
            content: [
              { type: 'reasoning', text: 'hmm' },
              { type: 'tool-call', toolCallId: 'c', toolName: 'read_file', input: { path: 'a' } },
            ],
          },
          meta: { partial: true },
        },
        {
          id: 't',
          message: {
            role: 'tool',
            content: [{ type: 'tool-result', toolCallId: 'c', toolName: 'read_file', output: { type: 'json', value: { ok: true } } }],
          },
          meta: { turnEnd: 'interrupted', origin: { format: 'codex', line: 12 } },
        },
      ],
    });
    expect(parsed.profile).toEqual({
      agentId: 'main',
      name: 'agent',
      systemInstruction: '',
      tools: [],
      model: 'fork-lab-offline',
      depth: 0,
    });
    expect(parsed.messages).toHaveLength(3);
  });

  it('names the path of every bad value', () => {
    expect(
      issuesOf(() =>
        parseParentTranscript({
          messages: [
            { id: 'u', message: { role: 'user', content: [{ type: 'txt', text: 'hi' }] } },
            { id: '', message: { role: 'robot', content: 'x' } },
            { id: 'a', message: { role: 'assistant', content: 'x' }, meta: { turnEnd: 'finished' } },
          ],
        }),
      ).map((issue) => issue.path),
    ).toEqual(['messages[0].message.content', 'messages[1].id', 'messages[1].message.role', 'messages[2].meta.turnEnd']);
  });

  it('takes forkChild, where the agent runs, only below the top level', () => {
    const messages: unknown[] = [];
    expect(parseParentTranscript({ profile: { depth: 1, forkChild: true }, messages }).profile).toMatchObject({ depth: 1, forkChild: true });
    expect(issuesOf(() => parseParentTranscript({ profile: { forkChild: true }, messages }))).toEqual([
      { path: 'profile.forkChild', message: 'a fork child runs below the agent that forked it: forkChild needs depth 1 or more' },
    ]);
  });

  it('rejects unknown keys instead of silently dropping them', () => {
    const issues = issuesOf(() => parseParentTranscript({ messages: [{ id: 'u', message: { role: 'user', content: 'hi', parts: [] } }] }));
    expect(issues).toEqual([{ path: 'messages[0].message', message: 'Unrecognized key: "parts"' }]);
  });

  it('rejects duplicate ids, pointing at the second use', () => {
    expect(
      issuesOf(() =>
        parseParentTranscript({
          messages: [
            { id: 'x', message: { role: 'user', content: 'a' } },
            { id: 'x', message: { role: 'user', content: 'b' } },
          ],
        }),
      ),
    ).toEqual([{ path: 'messages[1].id', message: 'duplicate id "x" (first used by messages[0]); ids must be unique' }]);
  });

  it('rejects a tool result inside a user message (tool results live in tool messages)', () => {
    const issues = issuesOf(() =>
      parseParentTranscript({
        messages: [
          {
            id: 'u',
            message: {
              role: 'user',
              content: [{ type: 'tool-result', toolCallId: 'c', toolName: 't', output: { type: 'text', value: 'x' } }],
            },
          },
        ],
      }),
    );
    expect(issues.map((issue) => issue.path)).toEqual(['messages[0].message.content']);
  });

  it('summarises the issues in the error message', () => {
    expect(() => parseParentTranscript({ messages: 'nope' })).toThrow('Invalid transcript: messages: Invalid input: expected array, received string');
    expect(() => parseParentTranscript(null)).toThrow(TranscriptValidationError);
  });

  it('keeps a "__proto__" key in tool input as data', () => {
    const parsed = parseParentTranscript(
      JSON.parse(
        '{"messages":[{"id":"a","message":{"role":"assistant","content":[{"type":"tool-call","toolCallId":"c","toolName":"t","input":{"__proto__":{"x":1}}}]}}]}',
      ),
    );
    expect(({} as { x?: number }).x).toBeUndefined();
    expect(parsed.messages).toHaveLength(1);
  });
});

describe('formatIssuePath', () => {
  it('joins keys with dots and indexes with brackets', () => {
    expect(formatIssuePath(['messages', 3, 'message', 'content', 0, 'type'])).toBe('messages[3].message.content[0].type');
    expect(formatIssuePath([])).toBe('');
  });
});
