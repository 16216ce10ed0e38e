import { describe, expect, it } from 'vitest';
import type { ChildMessage } from '@/lib/fork';
import { forkItems } from './captured-sources';

const copy = (role: 'user' | 'assistant' | 'system', content: string, parentIndex: number): ChildMessage =>
  ({ message: { role, content }, source: { kind: 'copy', parentIndexes: [parentIndex], parentIds: [`m${parentIndex}`] } }) as ChildMessage;
const written = (role: 'user' | 'assistant' | 'system', content: string, rule: string): ChildMessage =>
  ({ message: { role, content }, source: { kind: 'synthetic', rule } }) as ChildMessage;

const long = 'The deploy checklist. '.repeat(12);

describe('forkItems', () => {
  it('shows a changed message over the stretch where planned and sent part, not their alike starts', () => {
    const items = forkItems(
      [copy('user', 'Start.', 0), written('user', `${long}Run the tests first.`, 'directive')],
      [copy('user', 'Start.', 0), written('user', `${long}Run the linter first.`, 'directive')],
    );
    const changed = items.find((item) => item.kind !== 'same')!;
    // They part at "tests" / "linter"; each line starts 50 characters before.
    const from = long.length + 'Run the '.length - 50;
    expect(changed.text).toBe(`…${long.slice(from)}Run the linter first.`);
    expect(changed.was).toBe(`…${long.slice(from)}Run the tests first.`);
  });

  it('keeps a short text whole and gives a lone added message no counterpart', () => {
    const items = forkItems([copy('user', 'Start.', 0)], [copy('user', 'Start.', 0), written('user', 'Also this.', 'directive')]);
    expect(items.map(({ kind, text, was }) => ({ kind, text, was }))).toEqual([
      { kind: 'same', text: 'Start.', was: undefined },
      { kind: 'added', text: 'Also this.', was: undefined },
    ]);
  });

  it('reads a removed message and the added one of its role that takes its place as one changed message', () => {
    const items = forkItems(
      [copy('user', 'Start.', 0), copy('assistant', 'Noted.', 1), written('user', 'Run the tests first.', 'directive')],
      [copy('user', 'Start.', 0), written('assistant', 'Call agent with fork=true', 'agent-call'), written('user', 'Run the tests first.', 'directive')],
    );
    expect(items.map(({ kind, planned, sent, source, text, was }) => ({ kind, planned, sent, source, text, was }))).toEqual([
      { kind: 'same', planned: 0, sent: 0, source: 'copy of parent #0', text: 'Start.', was: undefined },
      { kind: 'changed', planned: 1, sent: 1, source: 'copy of parent #1 → agent call', text: 'Call agent with fork=true', was: 'Noted.' },
      { kind: 'same', planned: 2, sent: 2, source: 'directive', text: 'Run the tests first.', was: undefined },
    ]);
  });
});
