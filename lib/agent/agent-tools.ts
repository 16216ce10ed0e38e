import { jsonSchema, type ToolSet, tool } from 'ai';
import { AGENT_TOOL_NAMES } from '@/lib/agent-call/in-flight-call';
import type { ToolDeclaration } from '@/lib/fork';
import { SandboxError, type SandboxFiles } from './sandbox-files';

/** The file tools Fork Lab implements, by the names agents declare them under. */
const FILE_TOOLS: Record<string, (files: SandboxFiles, input: Record<string, unknown>) => string> = {
  list_files: (files, input) => files.list(input.path ?? input.prefix ?? '').join('\n') || '(no files)',
  read_file: (files, input) => files.read(input.path),
  write_file: (files, input) => files.write(input.path, input.content),
  search_files: (files, input) => files.search(input.query ?? input.pattern).join('\n') || 'No matches.',
};

export const SANDBOX_TOOL_DECLARATIONS: ToolDeclaration[] = [
  {
    name: 'list_files',
    description: 'List the files in the workspace, optionally under a folder.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
  },
  {
    name: 'read_file',
    description: 'Read a file from the workspace.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
  {
    name: 'write_file',
    description: 'Write the whole content of a file in the workspace.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] },
  },
  {
    name: 'search_files',
    description: 'Find lines containing a string.',
    inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
  },
];

/**
 * Executable tools for an agent's declarations: the child runs with exactly the tools its plan
 * declares (names, descriptions, schemas unchanged, so the model sees the same tool list as the
 * plan). Declared tools Fork Lab cannot run answer with an error the model can read instead of
 * pretending to work; a forked worker's Agent tool refuses, as the fork rules say not to fork again.
 */
export function toolsFor(declarations: readonly ToolDeclaration[], files: SandboxFiles): ToolSet {
  const tools: ToolSet = {};
  for (const declaration of declarations) {
    tools[declaration.name] = tool({
      description: declaration.description,
      inputSchema: jsonSchema((declaration.inputSchema ?? { type: 'object', properties: {} }) as Parameters<typeof jsonSchema>[0]),
      execute: async (input: unknown) => {
        const args = (input ?? {}) as Record<string, unknown>;
        const run = FILE_TOOLS[declaration.name];
        if (run !== undefined) {
          try {
            return run(files, args);
          } catch (error) {
            if (error instanceof SandboxError) return `Error: ${error.message}`;
            throw error;
          }
        }
        if (AGENT_TOOL_NAMES.has(declaration.name)) {
          return 'Error: a forked worker does not delegate or fork again. Do the directive yourself with the tools you have.';
        }
        return `Error: the tool "${declaration.name}" is declared for this agent but Fork Lab's sandbox has no implementation of it. Available: ${Object.keys(FILE_TOOLS).join(', ')}.`;
      },
    });
  }
  return tools;
}
