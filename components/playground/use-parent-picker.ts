'use client';

import { useCallback, useMemo } from 'react';
import { showUndoToast } from '@/components/ui/undo-toast';
import { useWorkspace, workspaceStore } from '@/lib/workspace/browser-workspace';
import { recentImports } from '@/lib/workspace/recent-imports';
import type { ParentSession } from '@/lib/workspace/workspace';

/** What the parent picker shows and does: scenarios by id, imports by session id, an import removable. */
export function useParentPicker(options: {
  session: ParentSession | null;
  openScenario(id: string): Promise<boolean>;
  defaultScenarioId: string;
  onSwitch(): void;
}) {
  const { session, openScenario, defaultScenarioId, onSwitch } = options;
  const sessions = useWorkspace((state) => state.sessions);
  const recent = useMemo(() => recentImports(sessions), [sessions]);
  const choice = session === null ? '' : session.source.kind === 'scenario' ? session.source.scenarioId : session.source.kind === 'import' ? session.id : '';

  const pick = useCallback(
    (value: string) => {
      onSwitch();
      if (!workspaceStore.getState().showSession(value)) void openScenario(value);
    },
    [openScenario, onSwitch],
  );

  const removeImport = useCallback(() => {
    if (session === null) return;
    const removed = workspaceStore.getState().removeSession(session.id);
    if (removed === null) return;
    onSwitch();
    void openScenario(defaultScenarioId);
    showUndoToast({
      message: `Removed “${removed.title}” from the recent imports.`,
      undo: () => workspaceStore.getState().restoreSession(removed),
      testId: 'remove-import-undo',
    });
  }, [session, openScenario, defaultScenarioId, onSwitch]);

  return { choice, recentImports: recent, onPickParent: pick, ...(session?.source.kind === 'import' ? { onRemoveImport: removeImport } : {}) };
}
