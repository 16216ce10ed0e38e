'use client';

import { useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { debouncedStorage, memoryBackend, type SaveStatus } from './debounced-storage';
import { indexedDbBackend } from './indexed-db-storage';
import { createWorkspaceStore, type PersistedWorkspace, WORKSPACE_STORAGE_KEY, type WorkspaceActions, type WorkspaceState } from './workspace-store';

const storage = debouncedStorage<PersistedWorkspace>(typeof indexedDB === 'undefined' ? memoryBackend() : indexedDbBackend());

/** The browser's one workspace, persisted to IndexedDB. */
export const workspaceStore = createWorkspaceStore(storage);

export function useWorkspace<T>(selector: (state: WorkspaceState & WorkspaceActions) => T): T {
  return useStore(workspaceStore, selector);
}

let lastError: string | null = null;
storage.onStatus((status, error) => {
  lastError = status === 'failed' ? (error instanceof Error ? error.message : String(error)) : null;
});

/** Whether the workspace on screen is saved, and why not when a save failed. */
export function useSaveStatus(): { status: SaveStatus; error: string | null } {
  const status = useSyncExternalStore(
    (listener) => storage.onStatus(() => listener()),
    () => storage.status(),
    () => 'saved' as SaveStatus,
  );
  return { status, error: lastError };
}

/**
 * Read the saved workspace into memory, once per page load. Moving between the playground and the
 * compare view keeps the store in memory; reading storage again then could bring back a state
 * older than an edit still waiting for its debounced write.
 */
export async function hydrateWorkspace(): Promise<void> {
  if (!workspaceStore.persist.hasHydrated()) await workspaceStore.persist.rehydrate();
}

/** Write pending changes now (before a reload the person asked for, say). */
export function flushWorkspace(): Promise<void> {
  return storage.flush();
}

/**
 * Forget the whole workspace, in memory and in storage, and answer with a way back: the state as it
 * was, put back and saved again. The store never mutates a state it has handed out, so the one kept
 * here stays exactly what was on screen.
 */
export async function clearWorkspace(): Promise<() => Promise<void>> {
  const { sessions, activeSessionId, openChildId, modelId, providerRules, providerModels } = workspaceStore.getState();
  const before: PersistedWorkspace = { sessions, activeSessionId, openChildId, modelId, providerRules, providerModels };
  workspaceStore.getState().reset();
  await storage.removeItem(WORKSPACE_STORAGE_KEY);
  return async () => {
    workspaceStore.setState({ ...before, turnsInProgress: {} });
    await flushWorkspace();
  };
}

/**
 * Notes kept in the browser's store beside a history of the workspace (see `keepNote`): what the
 * server answered for a parent, so a reload need not ask again. Gone with the history.
 */
export const historyNotes = {
  keep: (history: object, label: string, note: unknown) => storage.keepNote(WORKSPACE_STORAGE_KEY, history, label, note),
  read: (history: object, label: string) => storage.readNote(WORKSPACE_STORAGE_KEY, history, label),
  drop: (history: object, label: string) => storage.dropNote(WORKSPACE_STORAGE_KEY, history, label),
};
