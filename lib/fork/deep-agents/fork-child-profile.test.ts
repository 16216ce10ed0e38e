import { describe, expect, it } from 'vitest';
import { profile } from '@/lib/scenarios/transcript-builders';
import type { ToolDeclaration } from '../transcript/transcript';
import { ADDENDUM_PLACEMENT, forkChildProfile, OTHER_MODEL } from './fork-child-profile';

const tool = (name: string): ToolDeclaration => ({ name });
/** A parent with two tools of its own, then its middleware's: the filesystem's, task, a todo list's. */
const parent = profile({ systemInstruction: 'Parent.', tools: ['search', 'fetch', 'ls', 'read_file', 'task', 'write_todos'].map(tool), model: 'gpt-4o-mini' });
const names = (tools: readonly ToolDeclaration[]) => tools.map((declared) => declared.name);

describe('the fork child’s prompt, tools and model', () => {
  it('declarative, as the spec leaves them: the parent’s', () => {
    expect(forkChildProfile({ name: 'forker', kind: 'declarative' }, parent)).toEqual({
      systemInstruction: 'Parent.',
      tools: parent.tools,
      model: 'gpt-4o-mini',
      inheritance: { systemInstruction: 'parent', tools: 'parent', model: 'parent' },
      keepsModes: true,
      warnings: [],
    });
  });

  it('declarative with its own tools: those, then the parent’s middleware tools in the parent’s order', () => {
    const child = forkChildProfile({ name: 'forker', kind: 'declarative', tools: ['fetch', 'missing'] }, parent);
    expect(names(child.tools)).toEqual(['fetch', 'ls', 'read_file', 'task', 'write_todos']);
    expect(child.inheritance.tools).toBe('parent-filtered');
    expect(child.warnings).toEqual([
      'fork_tools names "missing", which the parent does not declare: Fork Lab has no declaration to give the child, so it is planned without it.',
    ]);
    expect(names(forkChildProfile({ name: 'forker', kind: 'declarative', tools: [] }, parent).tools)).toEqual(['ls', 'read_file', 'task', 'write_todos']);
  });

  it('declarative with its own prompt and model: the addendum after the parent’s, the model named', () => {
    const child = forkChildProfile({ name: 'forker', kind: 'declarative', systemPrompt: 'Be brief.', model: 'claude-haiku-4-5' }, parent);
    expect(child).toMatchObject({ systemInstruction: 'Parent.\n\nBe brief.', model: 'claude-haiku-4-5', inheritance: { model: 'request' } });
    expect(child.warnings).toEqual([ADDENDUM_PLACEMENT, OTHER_MODEL]);
  });

  it('compiled: the runnable’s own, as the settings give it, none of the parent’s', () => {
    const child = forkChildProfile({ name: 'compiled', kind: 'compiled', systemPrompt: 'You are the compiled fork.', tools: ['search'] }, parent);
    expect(child).toMatchObject({
      systemInstruction: 'You are the compiled fork.',
      tools: [tool('search')],
      model: 'gpt-4o-mini',
      inheritance: { systemInstruction: 'persona', tools: 'registry', model: 'parent' },
      keepsModes: false,
    });
    expect(forkChildProfile({ name: 'compiled', kind: 'compiled' }, parent)).toMatchObject({ systemInstruction: '', tools: [] });
  });
});
