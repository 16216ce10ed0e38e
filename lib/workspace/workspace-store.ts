import { type PersistStorage, persist } from 'zustand/middleware';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CompareSetup } from '@/lib/compare/compare-setup';
import { copyUnlessFrozen, deepFreeze, type FamilyOutcome, type ModelMessage, type ParentTranscript, runtimeOf, type TranscriptMessage } from '@/lib/fork';
import { FAMILY_OUTCOME_OF_RUN, type RunEvent } from '@/lib/fork-exchange/run-record';
import type { ProviderId, ProviderRules } from '@/lib/provider-cache/provider-rules';
import { KEPT_SWEEPS, type SweepRecord } from '@/lib/sweep/sweep-record';
import { acknowledgeLaunch, deliverChildOutcome, deliverFamilyOutcome } from './deliver-result';
import type { ForkSelection } from './fork-selection';
import { appendMessage, deleteMessage, replaceMessage } from './parent-edits';
import { readPersisted } from './persisted-workspace';
import { type ChildRecord, ENDED_RUN_STATUSES, type ParentSession, type SessionSource, type WorkspaceState } from './workspace';

export type { WorkspaceState } from './workspace';

export interface WorkspaceActions {
  /**
   * Open a session, creating it from `init` when no session has that id yet. An imported fork
   * bundle brings its children along, so the session appears whole or not at all.
   */
  openSession(init: {
    id: string;
    title: string;
    source: SessionSource;
    transcript: ParentTranscript;
    selection: ForkSelection;
    children?: ChildRecord[];
  }): void;
  /** Show a session the workspace holds; false when it holds none by that id. */
  showSession(id: string): boolean;
  /**
   * Take a session out of the workspace, answering it (to put back with `restoreSession`), or null
   * when there is none. Removing the one on show shows none: the page opens another.
   */
  removeSession(id: string): ParentSession | null;
  /** Put a removed session back as it was, and show it. */
  restoreSession(session: ParentSession): void;
  setSelection(update: (selection: ForkSelection) => ForkSelection): void;
  /**
   * Set a session's compare (its variants, baseline, directive and runs): the active one, or the
   * one named, so a run that finishes after the person switched parents lands on its own.
   */
  setCompare(setup: CompareSetup, sessionId?: string): void;
  /** Keep a finished sweep with a session (newest first; the oldest past the limit go). */
  addSweep(sweep: SweepRecord, sessionId?: string): void;
  appendParentMessage(message: ModelMessage): void;
  replaceParentMessage(index: number, message: ModelMessage): void;
  deleteParentMessage(index: number): void;
  /** Put a session back as it was loaded: original transcript, no children. */
  restartSession(init: { transcript: ParentTranscript; selection: ForkSelection }): void;
  /** Add a launched child; a Qwen fork's open Agent call is answered with the placeholder at once. */
  addChild(child: ChildRecord, options?: { acknowledge?: boolean; writtenCall?: TranscriptMessage | null }): void;
  /** Apply what the server reports about a child's run; a finished run's output reaches the parent once. */
  applyRunEvent(childId: string, event: RunEvent): void;
  removeChild(childId: string): void;
  openChild(childId: string | null): void;
  setModel(modelId: string): void;
  /** Keep edited provider cache rules for this workspace (null goes back to the shipped ones and their models). */
  setProviderRules(rules: ProviderRules | null): void;
  /** Pick the model a provider's forecast uses. */
  setProviderModel(provider: ProviderId, model: string): void;
  /** Mark a parent turn as running or ended; ending it delivers the results that waited. */
  setTurnInProgress(sessionId: string, running: boolean): void;
  /** Forget everything: every session and child. */
  reset(): void;
}

/** What survives a reload: everything but the transient turn flags. */
export type PersistedWorkspace = Omit<WorkspaceState, 'turnsInProgress'>;

export type WorkspaceStore = StoreApi<WorkspaceState & WorkspaceActions> & {
  persist: { rehydrate(): Promise<void> | void; hasHydrated(): boolean; clearStorage(): void };
};

export const WORKSPACE_STORAGE_KEY = 'fork-lab-workspace';
const EMPTY: WorkspaceState = {
  sessions: {},
  activeSessionId: null,
  openChildId: null,
  modelId: 'offline',
  providerRules: null,
  providerModels: {},
  turnsInProgress: {},
};

/** The release line a child was planned by. */
function versionOf(child: ChildRecord): { runtimeVersion?: string } {
  return child.plan.runtimeVersion === undefined ? {} : { runtimeVersion: child.plan.runtimeVersion };
}

/** How long a child ran, as the server measured it; nothing when it never said (a run restored from before). */
function secondsSince(child: ChildRecord): number {
  return child.run?.seconds ?? 0;
}

/** How a family member ended, as its runtime reports it to the parent. */
function familyOutcome(child: ChildRecord): FamilyOutcome | null {
  const family = child.plan.family;
  const member = family?.members.find((candidate) => candidate.index === family.member);
  const run = child.run;
  if (member === undefined || run === null || !ENDED_RUN_STATUSES.has(run.status)) return null;
  return {
    member,
    agentId: child.id,
    status: FAMILY_OUTCOME_OF_RUN[run.status as keyof typeof FAMILY_OUTCOME_OF_RUN],
    ...(run.finalOutput ? { result: run.finalOutput } : {}),
    ...(run.error ? { error: run.error } : {}),
  };
}

/**
 * The session with every finished child's result that has not reached the parent delivered, in
 * launch order. A family's members deliver together, once the last of them has ended.
 */
function withDeliveries(session: ParentSession): ParentSession {
  let transcript = session.transcript;
  let revision = session.revision;
  const deliveredFamilies = new Set<string>();
  const children = session.children.map((child, _position, all) => {
    const run = child.run;
    if (run === null || run.deliveredToParent || !ENDED_RUN_STATUSES.has(run.status)) return child;
    if (child.familyId !== undefined) {
      const members = all.filter((candidate) => candidate.familyId === child.familyId);
      const outcomes = members.map(familyOutcome);
      if (!deliveredFamilies.has(child.familyId)) {
        // Members are recorded one launch at a time: a family answers its call only once every
        // member is recorded and has ended, never with a part of it.
        const size = child.plan.family?.members.length ?? members.length;
        if (members.length < size || outcomes.some((outcome) => outcome === null)) return child;
        const delivered = deliverFamilyOutcome(transcript, {
          policy: child.plan.policy,
          agentCallId: child.agentCallId,
          description: child.plan.family?.description ?? child.name,
          outcomes: outcomes as FamilyOutcome[],
          ...versionOf(child),
          seconds: Math.max(...members.map(secondsSince)),
        });
        if (delivered === null) return child;
        transcript = delivered;
        revision += 1;
        deliveredFamilies.add(child.familyId);
      }
      return owned({ ...child, run: { ...run, deliveredToParent: true } });
    }
    const delivered = deliverChildOutcome(transcript, {
      policy: child.plan.policy,
      childId: child.id,
      name: child.name,
      agentCallId: child.agentCallId,
      status: run.status as 'finished' | 'failed' | 'stopped',
      output: run.finalOutput,
      error: run.error,
      ...versionOf(child),
      seconds: secondsSince(child),
    });
    if (delivered === null) return child;
    transcript = delivered;
    revision += 1;
    return owned({ ...child, run: { ...run, deliveredToParent: true } });
  });
  return transcript === session.transcript ? session : { ...session, transcript: owned(transcript), revision, children };
}

/**
 * Histories enter the store deep-frozen and as nobody else's objects: what a caller, a server
 * response or another session could still write is copied, and what is already deep-frozen (an
 * import's messages, frozen as they arrived; a message kept from the previous state) is kept as it
 * is, since no one can write it. Every update builds new objects around the frozen ones, and a
 * stray write throws instead of quietly changing a parent or a child. Sharing is what keeps an
 * edit to a 50 MB parent from copying all of it.
 */
function owned<T>(value: T): T {
  return deepFreeze(copyUnlessFrozen(value));
}

/**
 * The workspace: every parent session and its children. `storage` is where it persists (the
 * browser's IndexedDB behind a debounce in the app; memory in tests).
 */
export function createWorkspaceStore(storage: PersistStorage<PersistedWorkspace>): WorkspaceStore {
  return createStore<WorkspaceState & WorkspaceActions>()(
    persist(
      (set, get) => {
        const updateActive = (update: (session: ParentSession) => ParentSession) => {
          const { activeSessionId, sessions } = get();
          const session = activeSessionId === null ? undefined : sessions[activeSessionId];
          if (session === undefined) return;
          set({ sessions: { ...sessions, [session.id]: deepFreeze(update(session)) } });
        };
        const updateSession = (sessionId: string | undefined, update: (session: ParentSession) => ParentSession) => {
          if (sessionId === undefined) return updateActive(update);
          const session = get().sessions[sessionId];
          if (session !== undefined) set({ sessions: { ...get().sessions, [sessionId]: deepFreeze(update(session)) } });
        };
        const editParent = (edit: (transcript: ParentTranscript) => ParentTranscript) =>
          // Edits throw before anything is set, so a refused edit leaves the session as it was.
          updateActive((session) => ({ ...session, transcript: owned(edit(session.transcript)), revision: session.revision + 1 }));
        return {
          ...EMPTY,
          openSession(init) {
            const { sessions } = get();
            if (sessions[init.id] === undefined) {
              const session: ParentSession = {
                id: init.id,
                title: init.title,
                source: init.source,
                transcript: init.transcript,
                revision: 0,
                selection: init.selection,
                children: init.children ?? [],
              };
              set({ sessions: { ...sessions, [init.id]: owned(session) }, activeSessionId: init.id, openChildId: null });
            } else if (get().activeSessionId !== init.id) {
              set({ activeSessionId: init.id, openChildId: null });
            }
          },
          showSession(id) {
            if (get().sessions[id] === undefined) return false;
            if (get().activeSessionId !== id) set({ activeSessionId: id, openChildId: null });
            return true;
          },
          removeSession(id) {
            const { [id]: removed, ...kept } = get().sessions;
            if (removed === undefined) return null;
            const active = get().activeSessionId === id;
            set({ sessions: kept, ...(active ? { activeSessionId: null, openChildId: null } : {}) });
            return removed;
          },
          restoreSession(session) {
            set({ sessions: { ...get().sessions, [session.id]: session }, activeSessionId: session.id, openChildId: null });
          },
          setSelection(update) {
            updateActive((session) => ({ ...session, selection: owned(update(session.selection)) }));
          },
          setCompare(setup, sessionId) {
            updateSession(sessionId, (session) => ({ ...session, compare: owned(setup) }));
          },
          addSweep(sweep, sessionId) {
            updateSession(sessionId, (session) => ({ ...session, sweeps: owned([sweep, ...(session.sweeps ?? [])].slice(0, KEPT_SWEEPS)) }));
          },
          appendParentMessage(message) {
            editParent((transcript) => appendMessage(transcript, message));
          },
          replaceParentMessage(index, message) {
            editParent((transcript) => replaceMessage(transcript, index, message));
          },
          deleteParentMessage(index) {
            editParent((transcript) => deleteMessage(transcript, index));
          },
          restartSession(init) {
            updateActive((session) => ({
              ...session,
              transcript: owned(init.transcript),
              selection: owned(init.selection),
              revision: 0,
              children: [],
            }));
            set({ openChildId: null });
          },
          addChild(child, options = {}) {
            updateActive((session) => {
              // A fork the parent model started has its call answered by the server's own stream.
              const acknowledge = options.acknowledge ?? true;
              // The Agent call Fork Lab wrote for this launch becomes part of the parent first.
              const called = options.writtenCall
                ? { ...session.transcript, messages: [...session.transcript.messages, options.writtenCall] }
                : session.transcript;
              const transcript = child.run === null || !acknowledge ? called : acknowledgeLaunch(called, child.plan.policy, child.agentCallId);
              return {
                ...session,
                transcript: transcript === session.transcript ? transcript : owned(transcript),
                revision: transcript === session.transcript ? session.revision : session.revision + 1,
                children: [...session.children, owned(child)],
              };
            });
            set({ openChildId: child.id });
          },
          applyRunEvent(childId, event) {
            const session = Object.values(get().sessions).find((candidate) => candidate.children.some((child) => child.id === childId));
            if (session === undefined) return;
            const child = session.children.find((candidate) => candidate.id === childId)!;
            if (child.run === null || event.type === 'text-delta') return;
            let next: ChildRecord = child;
            if (event.type === 'snapshot') {
              next = {
                ...child,
                ownMessages: event.messages.map((message, seq) => ({ id: `${childId}-m${seq}`, message })),
                run: {
                  ...child.run,
                  status: event.run.status,
                  finalOutput: event.run.finalOutput,
                  error: event.run.error,
                  predictedCache: event.run.predictedCache,
                  reportedUsage: event.run.reportedUsage,
                },
              };
            } else if (event.type === 'message') {
              // Events can repeat after a re-attach; a message already held is not added twice.
              if (event.seq < child.ownMessages.length) return;
              next = { ...child, ownMessages: [...child.ownMessages, { id: `${childId}-m${event.seq}`, message: event.message }] };
            } else if (event.type === 'usage') {
              next = { ...child, run: { ...child.run, reportedUsage: event.usage } };
            } else {
              // A background fork told its parent how it ended; revived, it will tell again when it ends anew.
              const revived =
                event.status === 'running' && child.run.status !== 'running' && runtimeOf(child.plan.policy).delivery.kind === 'background-notification';
              next = {
                ...child,
                run: {
                  ...child.run,
                  status: event.status,
                  finalOutput: event.finalOutput,
                  error: event.error,
                  ...(event.seconds === undefined ? {} : { seconds: event.seconds }),
                  ...(revived ? { deliveredToParent: false } : {}),
                },
              };
            }
            const updated: ParentSession = { ...session, children: session.children.map((candidate) => (candidate.id === childId ? owned(next) : candidate)) };
            const delivered = get().turnsInProgress[session.id] ? updated : withDeliveries(updated);
            set({
              sessions: {
                ...get().sessions,
                [session.id]: deepFreeze(delivered),
              },
            });
          },
          removeChild(childId) {
            updateActive((session) => ({ ...session, children: session.children.filter((child) => child.id !== childId) }));
            if (get().openChildId === childId) set({ openChildId: null });
          },
          openChild(childId) {
            set({ openChildId: childId });
          },
          setModel(modelId) {
            set({ modelId });
          },
          setProviderRules(rules) {
            // Going back to the shipped rules goes back to their models too.
            if (rules === null) set({ providerRules: null, providerModels: {} });
            else set({ providerRules: deepFreeze(structuredClone(rules)) });
          },
          setProviderModel(provider, model) {
            set({ providerModels: { ...get().providerModels, [provider]: model } });
          },
          setTurnInProgress(sessionId, running) {
            const { [sessionId]: _, ...others } = get().turnsInProgress;
            set({ turnsInProgress: running ? { ...others, [sessionId]: true } : others });
            const session = get().sessions[sessionId];
            if (!running && session !== undefined) {
              const delivered = withDeliveries(session);
              if (delivered !== session) set({ sessions: { ...get().sessions, [sessionId]: deepFreeze(delivered) } });
            }
          },
          reset() {
            set({ ...EMPTY, turnsInProgress: {} });
          },
        };
      },
      {
        name: WORKSPACE_STORAGE_KEY,
        version: 1,
        storage,
        skipHydration: true,
        partialize: ({ sessions, activeSessionId, openChildId, modelId, providerRules, providerModels }) => ({
          sessions,
          activeSessionId,
          openChildId,
          modelId,
          providerRules,
          providerModels,
        }),
        merge: (persisted, current) => ({ ...current, ...readPersisted(persisted) }),
      },
    ),
  ) as WorkspaceStore;
}

/** The active session, if any. */
export function activeSession(state: WorkspaceState): ParentSession | null {
  return state.activeSessionId === null ? null : (state.sessions[state.activeSessionId] ?? null);
}
