import { restoreCompareSetup } from '@/lib/compare/compare-setup';
import { deepFreeze } from '@/lib/fork';
import { restoreSweeps } from '@/lib/sweep/sweep-record';
import { restoreSelection } from './fork-selection';
import { restoreProviderModels, restoreProviderRules } from './provider-rules-choice';
import type { ParentSession, WorkspaceState } from './workspace';

/**
 * What storage held, if it still looks like a workspace. Storage is outside our control (another
 * version, another tab, a person with devtools): anything else starts an empty workspace rather
 * than a broken one.
 */
export function readPersisted(persisted: unknown): Partial<WorkspaceState> {
  if (persisted === null || typeof persisted !== 'object') return {};
  const { sessions, activeSessionId, openChildId, modelId, providerRules, providerModels } = persisted as Record<string, unknown>;
  if (sessions === null || typeof sessions !== 'object' || Array.isArray(sessions)) return {};
  const valid: Record<string, ParentSession> = {};
  for (const [id, session] of Object.entries(sessions as Record<string, unknown>)) {
    const candidate = session as Partial<ParentSession> | null;
    if (
      candidate !== null &&
      typeof candidate === 'object' &&
      candidate.id === id &&
      Array.isArray(candidate.transcript?.messages) &&
      Array.isArray(candidate.children) &&
      candidate.selection !== undefined
    ) {
      const { compare, sweeps, ...rest } = candidate as ParentSession;
      const restored = restoreCompareSetup(compare);
      const kept = restoreSweeps(sweeps);
      valid[id] = deepFreeze({
        ...rest,
        selection: restoreSelection(candidate.selection),
        ...(restored === undefined ? {} : { compare: restored }),
        ...(kept.length === 0 ? {} : { sweeps: kept }),
      });
    }
  }
  return {
    sessions: valid,
    activeSessionId: typeof activeSessionId === 'string' && activeSessionId in valid ? activeSessionId : null,
    openChildId: typeof openChildId === 'string' ? openChildId : null,
    ...(typeof modelId === 'string' && modelId !== '' ? { modelId } : {}),
    providerRules: restoreProviderRules(providerRules),
    providerModels: restoreProviderModels(providerModels),
  };
}
