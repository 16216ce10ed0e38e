import { describe, expect, it } from 'vitest';
import { SANDBOX_TOOL_DECLARATIONS, toolsFor } from './agent-tools';
import { SandboxFiles } from './sandbox-files';

const call = async (tools: ReturnType<typeof toolsFor>, name: string, input: unknown) =>
  (tools[name]!.execute as (input: unknown, options: unknown) => Promise<unknown>)(input, { toolCallId: 'c', messages: [] });

describe('toolsFor', () => {
  const files = new SandboxFiles({ 'a.md': 'hello' });
  const tools = toolsFor([...SANDBOX_TOOL_DECLARATIONS, { name: 'agent' }, { name: 'run_shell' }], files);

  it('keeps the declared names and runs the file tools against the sandbox', async () => {
    expect(Object.keys(tools)).toEqual(['list_files', 'read_file', 'write_file', 'search_files', 'agent', 'run_shell']);
    expect(await call(tools, 'read_file', { path: 'a.md' })).toBe('hello');
    expect(await call(tools, 'write_file', { path: 'b.md', content: 'x' })).toBe('Created b.md (1 lines).');
    expect(await call(tools, 'list_files', {})).toBe('a.md\nb.md');
    expect(await call(tools, 'read_file', { path: '../x' })).toBe(
      'Error: "../x" is not a path inside the workspace: use a relative path without "..", such as "src/date.ts".',
    );
  });

  it('answers a fork’s Agent call and unknown tools with errors the model can read', async () => {
    expect(await call(tools, 'agent', { prompt: 'x' })).toMatch(/^Error: a forked worker does not delegate/);
    expect(await call(tools, 'run_shell', {})).toBe(
      'Error: the tool "run_shell" is declared for this agent but Fork Lab\'s sandbox has no implementation of it. Available: list_files, read_file, write_file, search_files.',
    );
  });
});
