import { describe, expect, it } from 'vitest';
import { parentOf, user } from '@/lib/scenarios/transcript-builders';
import { DEFAULT_SELECTION } from './fork-selection';
import { recentImports } from './recent-imports';
import type { ParentSession, SessionSource } from './workspace';

function session(id: string, source: SessionSource, messages = 1): ParentSession {
  return {
    id,
    title: `title of ${id}`,
    source,
    transcript: parentOf(Array.from({ length: messages }, (_, index) => user(`${id}-${index}`, 'hi'))),
    revision: 0,
    selection: DEFAULT_SELECTION,
    children: [],
  };
}

const report = { format: 'claude-code', messages: 1, warnings: [] } as never;

describe('recentImports', () => {
  it('lists only imports, newest first, and those saved before their time was kept last in the order they were saved', () => {
    const sessions = Object.fromEntries(
      [
        session('scenario:a', { kind: 'scenario', scenarioId: 'a' }),
        session('import:old', { kind: 'import', format: 'codex', fileName: 'old.jsonl', report }),
        session('import:older', { kind: 'import', format: 'codex', fileName: null, report }),
        session('import:first', { kind: 'import', format: 'codex', fileName: 'x', report, importedAt: '2026-12-01T10:00:00.000Z' }, 3),
        session('import:second', { kind: 'import', format: 'codex', fileName: 'y', report, importedAt: '2026-12-02T10:00:00.000Z' }),
        session('blank', { kind: 'blank' }),
      ].map((each) => [each.id, each]),
    );
    expect(recentImports(sessions)).toEqual([
      { sessionId: 'import:second', title: 'title of import:second', messages: 1, importedAt: '2026-12-02T10:00:00.000Z' },
      { sessionId: 'import:first', title: 'title of import:first', messages: 3, importedAt: '2026-12-01T10:00:00.000Z' },
      { sessionId: 'import:older', title: 'title of import:older', messages: 1, importedAt: null },
      { sessionId: 'import:old', title: 'title of import:old', messages: 1, importedAt: null },
    ]);
  });
});
