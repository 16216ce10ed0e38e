import type { RuntimeVersions } from '../runtime-version';

/**
 * The one line Fork Lab reproduces: `SubAgent.mode: "fork"` as deepagents 1.14.1 ships it, where
 * the package marks it experimental (`@experimental \`mode: "fork"\` is experimental and subject to
 * change`, in its SubAgent type).
 */
export const DEEP_AGENTS_VERSIONS = [
  {
    id: '1.14',
    label: 'Deep Agents 1.14 (seen in 1.14.1; mode "fork" is experimental)',
    from: '1.14.0',
    seenIn: '1.14.1',
    source: 'deepagents 1.14.1 as shipped (dist/langsmith-Bgi_Ta-k.js: createTaskTool, getSubagents) and its traffic (verify)',
  },
] as const satisfies RuntimeVersions;

/**
 * The header Fork Lab's own verify driver sends with every request (`x-fork-lab-runtime:
 * deepagents/1.14.1`). Deep Agents itself announces nothing: its requests carry the provider SDK's
 * user agent (`langchainjs-openai/1.0.0`, `Anthropic/JS 0.122.0`), the same for any LangChain app.
 */
export const DEEP_AGENTS_RUNTIME_HEADER = 'x-fork-lab-runtime';

export function deepAgentsAnnouncedRelease(headers: Readonly<Record<string, string>>): string | null {
  return /^deepagents\/(\d+\.\d+\.\d+)/.exec(headers[DEEP_AGENTS_RUNTIME_HEADER] ?? '')?.[1] ?? null;
}
