import type { ParentSession } from './workspace';

/** An imported parent the picker offers again. */
export interface RecentImport {
  sessionId: string;
  title: string;
  messages: number;
  importedAt: string | null;
}

/**
 * The imported sessions the workspace holds, newest first: switching to a scenario used to leave
 * an import reachable only by importing the file again. Imports saved before their time was kept
 * come last, in the order they were saved.
 */
export function recentImports(sessions: Readonly<Record<string, ParentSession>>): RecentImport[] {
  const imports = Object.values(sessions).flatMap((session, order) =>
    session.source.kind === 'import'
      ? [{ sessionId: session.id, title: session.title, messages: session.transcript.messages.length, importedAt: session.source.importedAt ?? null, order }]
      : [],
  );
  imports.sort((a, b) => (b.importedAt ?? '').localeCompare(a.importedAt ?? '') || b.order - a.order);
  return imports.map(({ order: _, ...recent }) => recent);
}
