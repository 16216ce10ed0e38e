import { describe, expect, it } from 'vitest';
import type { ChildRequest } from '@/lib/fork';
import { childTranscriptMarkdown, fenced } from './child-markdown';

const child: ChildRequest = {
  profileName: 'fork',
  approvalSubject: 'agent',
  systemInstruction: 'You are a coding agent.',
  tools: [{ name: 'read_file' }, { name: 'shell', description: 'Run a command' }],
  model: 'gpt-4.1',
  depth: 1,
  inheritance: { systemInstruction: 'parent', tools: 'parent', model: 'parent' },
  initialMessages: [
    { message: { role: 'user', content: 'Read the README.' }, source: { kind: 'copy', parentIndexes: [0], parentIds: ['m0'] } },
    {
      message: {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'It is short.\n\nOne call.' },
          { type: 'text', text: 'Reading.' },
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'read_file', input: { path: 'README.md' } },
        ],
      },
      source: { kind: 'copy', parentIndexes: [1], parentIds: ['m1'], change: 'tool-inputs-redacted' },
    },
    {
      message: {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'read_file', output: { type: 'text', value: '# Demo\n```sh\nnpm test\n```' } }],
      },
      source: { kind: 'synthetic', rule: 'fork-placeholder-result', toolCallIds: ['call_1'] },
    },
  ],
  firstPrompt: {
    message: {
      role: 'user',
      content: [
        { type: 'text', text: 'Fix the tests.' },
        { type: 'image', image: 'https://x/shot.png' },
      ],
    },
    source: { kind: 'synthetic', rule: 'fork-directive-prompt' },
  },
};

describe('childTranscriptMarkdown', () => {
  it('writes the header, system instruction, tools and every message with its source', () => {
    const markdown = childTranscriptMarkdown({
      name: 'fix-tests',
      child,
      ownMessages: [
        {
          id: 'c1',
          message: {
            role: 'assistant',
            content: [{ type: 'tool-call', toolCallId: 'call_2', toolName: 'shell', input: { cmd: 'npm test' } }],
          },
        },
        {
          id: 'c2',
          message: {
            role: 'tool',
            content: [{ type: 'tool-result', toolCallId: 'call_2', toolName: 'shell', output: { type: 'error-json', value: { exit: 1 } } }],
          },
        },
      ],
      status: 'completed',
      finalOutput: 'All tests pass.',
    });
    expect(markdown).toBe(
      [
        '# fix-tests',
        '',
        '- Model: `gpt-4.1`',
        '- Status: completed',
        '- Final output: All tests pass.',
        '',
        '## System instruction',
        '',
        '```text',
        'You are a coding agent.',
        '```',
        '',
        '## Tools',
        '',
        '- `read_file`',
        '- `shell`',
        '',
        '## Messages',
        '',
        '### 1. user (inherited copy)',
        '',
        'Read the README.',
        '',
        '### 2. assistant (inherited copy, tool inputs redacted)',
        '',
        '**Reasoning**',
        '',
        '> It is short.',
        '>',
        '> One call.',
        '',
        'Reading.',
        '',
        '**Tool call** `read_file` (id `call_1`)',
        '',
        '```json',
        '{',
        '  "path": "README.md"',
        '}',
        '```',
        '',
        '### 3. tool (synthetic: fork-placeholder-result)',
        '',
        '**Tool result** `read_file` (id `call_1`)',
        '',
        '````',
        '# Demo',
        '```sh',
        'npm test',
        '```',
        '````',
        '',
        '### 4. user (synthetic: fork-directive-prompt)',
        '',
        'Fix the tests.',
        '',
        '[image: unknown type, https://x/shot.png]',
        '',
        '### 5. assistant (child)',
        '',
        '**Tool call** `shell` (id `call_2`)',
        '',
        '```json',
        '{',
        '  "cmd": "npm test"',
        '}',
        '```',
        '',
        '### 6. tool (child)',
        '',
        '**Tool result** `shell` (id `call_2`), error',
        '',
        '```json',
        '{',
        '  "exit": 1',
        '}',
        '```',
        '',
      ].join('\n'),
    );
  });

  it('puts a multi-line final output in its own section, and says when there is none', () => {
    const withOutput = childTranscriptMarkdown({
      name: 'x',
      child: { ...child, tools: [], systemInstruction: '' },
      ownMessages: [],
      finalOutput: 'Done.\n\n- a\n- b',
    });
    expect(withOutput).toContain('- Final output: see *Final output* below\n');
    expect(withOutput.endsWith('## Final output\n\nDone.\n\n- a\n- b\n')).toBe(true);
    expect(withOutput).toContain('## System instruction\n\n_(none)_\n\n## Tools\n\n_(none)_\n');
    expect(withOutput).not.toContain('- Status:');

    const none = childTranscriptMarkdown({ name: 'x', child, ownMessages: [], status: 'failed', finalOutput: null });
    expect(none).toContain('- Status: failed\n- Final output: _(none)_\n');
  });
});

describe('fenced', () => {
  it('uses a fence longer than any backtick run in the text', () => {
    expect(fenced('plain', 'text')).toBe('```text\nplain\n```');
    expect(fenced('a ```` b', '')).toBe('`````\na ```` b\n`````');
  });
});

describe('childTranscriptMarkdown: tags', () => {
  it('fences text holding tags, so a renderer cannot hide a reminder, and leaves prose alone', () => {
    const markdown = childTranscriptMarkdown({
      name: 'c',
      child: {
        profileName: 'p',
        approvalSubject: 'p',
        systemInstruction: '',
        tools: [],
        model: 'm',
        depth: 1,
        inheritance: {} as never,
        initialMessages: [
          {
            message: { role: 'user', content: '<system-reminder>\nToday: 2026-11-30\n</system-reminder>' },
            source: { kind: 'copy', parentIndexes: [0], parentIds: ['s'] },
          },
        ],
        firstPrompt: { message: { role: 'user', content: 'Is 2 < 3? Yes.' }, source: { kind: 'synthetic', rule: 'task-prompt' } },
      },
      ownMessages: [],
    });
    expect(markdown).toContain('### 1. user (inherited copy)\n\n```text\n<system-reminder>\nToday: 2026-11-30\n</system-reminder>\n```');
    expect(markdown).toContain('(synthetic: task-prompt)\n\nIs 2 < 3? Yes.');
  });
});
