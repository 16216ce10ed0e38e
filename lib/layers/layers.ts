/*
 * The order of lib's folders, lowest first. A folder imports from its own layer and the layers
 * below it, never above: the engine knows nothing of providers, a provider's wire format nothing of
 * runs, and nothing in lib knows the HTTP handlers or the commands that sit on top of it. Within a
 * layer, folders may import each other as long as no two do both ways (the test checks that too).
 * A new folder goes into the lowest layer whose folders it may import from.
 */
export const LIB_LAYERS: readonly { name: string; folders: readonly string[] }[] = [
  { name: 'foundations', folders: ['json', 'slicing', 'text-diff', 'sqlite'] },
  { name: 'the fork engine', folders: ['fork'] },
  { name: 'formats and counts', folders: ['wire', 'tokens', 'http', 'agent-call'] },
  { name: 'models', folders: ['provider-cache', 'sweep', 'traffic', 'export', 'import', 'compare', 'view', 'fork-exchange', 'ai'] },
  { name: 'services', folders: ['agent', 'fork-service', 'recording', 'share', 'scenarios', 'runtime-matrix', 'workspace'] },
  { name: 'surfaces', folders: ['api', 'verify', 'cli', 'kit'] },
  { name: 'guards', folders: ['layers'] },
];

/**
 * What only a server may run: a module marked `server-only`, Node's built-ins and the native SQLite
 * binding. A browser bundle that reaches one fails to build, or worse, ships a server's secret.
 */
export function isServerOnlyPackage(specifier: string): boolean {
  return specifier === 'server-only' || specifier.startsWith('node:') || specifier === 'better-sqlite3';
}
