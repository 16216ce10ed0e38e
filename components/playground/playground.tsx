'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ChildPanel } from '@/components/children/child-panel';
import { ForkTree } from '@/components/children/fork-tree';
import { useRunEvents } from '@/components/children/use-run-events';
import { PreviewExports } from '@/components/export/preview-exports';
import { ForkControls } from '@/components/fork-controls/fork-controls';
import importStyles from '@/components/import/import.module.css';
import { ImportDialog, type PendingImport } from '@/components/import/import-dialog';
import { ImportedFrom } from '@/components/import/imported-from';
import { ParentChat } from '@/components/parent-chat/parent-chat';
import { ChildPreview } from '@/components/preview/child-preview';
import { ParentComposer } from '@/components/timeline/parent-composer';
import { ParentTimeline, type ParentTimelineHandle } from '@/components/timeline/parent-timeline';
import type { MessageClassification } from '@/lib/fork';
import type { ParentRegistration } from '@/lib/fork-service/fork-service';
import type { ImportAnswer } from '@/lib/import/import-answer';
import { parseScenario, type Scenario } from '@/lib/scenarios/scenario';
import type { ScenarioSummary } from '@/lib/scenarios/scenario-files';
import { SYNTHETIC_SIZES, syntheticScenario, syntheticScenarioId } from '@/lib/scenarios/synthetic-scenarios';
import { windowSummaryLine } from '@/lib/view/window-summary';
import { clearWorkspace, flushWorkspace, useSaveStatus, useWorkspace, workspaceStore } from '@/lib/workspace/browser-workspace';
import { newChildRecord } from '@/lib/workspace/child-record';
import { type ForkSelection, requestFromSelection, selectionFromRequest } from '@/lib/workspace/fork-selection';
import { importedSession } from '@/lib/workspace/imported-session';
import { decodeUrlState, encodeUrlState } from '@/lib/workspace/url-state';
import { activeSession } from '@/lib/workspace/workspace-store';
import { launchChild, rememberRegistration } from './fork-client';
import styles from './playground.module.css';
import { useForkPreview } from './use-fork-preview';
import { useModels } from './use-models';

export interface PlaygroundProps {
  scenarios: ScenarioSummary[];
  /** The scenario the server loaded for this URL (or the default), so the first paint needs no fetch. */
  initialScenario: Scenario;
  defaultScenarioId: string;
}

async function fetchScenario(id: string, preloaded: Scenario): Promise<Scenario | null> {
  if (id === preloaded.id) return preloaded;
  const synthetic = syntheticScenario(id);
  if (synthetic !== null) return synthetic;
  const response = await fetch(`/scenarios/${encodeURIComponent(id)}.json`);
  if (!response.ok) return null;
  try {
    return parseScenario(await response.json());
  } catch {
    // Not a scenario file (`index` names the list of scenarios): an unknown scenario, not a crash.
    return null;
  }
}

function sessionInit(scenario: Scenario) {
  return {
    id: `scenario:${scenario.id}`,
    title: scenario.title,
    source: { kind: 'scenario' as const, scenarioId: scenario.id },
    transcript: scenario.transcript,
    selection: selectionFromRequest(scenario.request),
  };
}

function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return element !== null && (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName));
}

/** The page people come for: a parent on a timeline, a fork window on it, the child it makes. */
export function Playground({ scenarios, initialScenario, defaultScenarioId }: PlaygroundProps) {
  const [ready, setReady] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [launchError, setLaunchError] = useState<string | null>(null);
  const [launching, setLaunching] = useState(false);
  const [cursor, setCursor] = useState<number | null>(null);
  const [importing, setImporting] = useState<{ dropped: PendingImport | null } | null>(null);
  const [dragging, setDragging] = useState(false);
  const timeline = useRef<ParentTimelineHandle>(null);
  const session = useWorkspace(activeSession);
  const openChildId = useWorkspace((state) => state.openChildId);
  const modelId = useWorkspace((state) => state.modelId);
  const models = useModels();
  useRunEvents(session?.children ?? []);
  const save = useSaveStatus();

  const openScenario = useCallback(
    async (id: string) => {
      const scenario = await fetchScenario(id, initialScenario);
      if (scenario === null) return false;
      workspaceStore.getState().openSession(sessionInit(scenario));
      return true;
    },
    [initialScenario],
  );

  const openImport = useCallback(async (answer: ImportAnswer, registration: ParentRegistration, fileName: string | null) => {
    const init = await importedSession(answer, fileName, () => crypto.randomUUID());
    setCursor(null);
    workspaceStore.getState().openSession(init);
    const opened = activeSession(workspaceStore.getState());
    if (opened !== null && opened.id === init.id) rememberRegistration(opened.transcript, registration);
    setImporting(null);
  }, []);
  const closeImport = useCallback(() => setImporting(null), []);

  // Restore the saved workspace, then let the URL say which scenario and controls to show.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      await workspaceStore.persist.rehydrate();
      const url = decodeUrlState(window.location.search);
      if (url.scenarioId !== null && !(await openScenario(url.scenarioId))) {
        setNotice(`There is no scenario called “${url.scenarioId}”.`);
      }
      if (activeSession(workspaceStore.getState()) === null) await openScenario(defaultScenarioId);
      if (url.selection !== null) workspaceStore.getState().setSelection(() => url.selection!);
      if (!cancelled) setReady(true);
    })();
    return () => {
      cancelled = true;
    };
  }, [openScenario, defaultScenarioId]);

  const selection = session?.selection ?? null;
  const request = useMemo(() => (selection === null ? null : requestFromSelection(selection)), [selection]);
  const requestKey = useMemo(() => JSON.stringify(request), [request]);
  const transcript = session?.transcript ?? null;
  const state = useForkPreview(ready ? transcript : null, request);
  const { preview, registration } = state;
  const previewMatches = preview !== null && state.previewTranscript === transcript;
  // Compared by content: setting a control to the value it already has (`]` at "all", `k` at the
  // first turn) makes a new request object with the same key, which is not re-planned.
  const stale = state.loading || !previewMatches || JSON.stringify(state.previewRequest) !== requestKey;

  // The URL follows the view, so a link reproduces it exactly.
  useEffect(() => {
    if (!ready || session === null) return;
    const scenarioId = session.source.kind === 'scenario' ? session.source.scenarioId : null;
    const query = encodeUrlState(scenarioId, session.selection);
    if (window.location.search !== `?${query}`) window.history.replaceState(null, '', `?${query}`);
  }, [ready, session]);

  // The Agent call Fork Lab will write at launch is drawn as a last, pending row.
  const writtenCall = previewMatches ? (preview.writtenCall ?? null) : null;
  const plannedMessages = useMemo(
    () => (transcript === null ? [] : writtenCall === null ? transcript.messages : [...transcript.messages, writtenCall]),
    [transcript, writtenCall],
  );
  const classifications = useMemo<readonly (MessageClassification | undefined)[]>(() => {
    const registered =
      registration !== null && transcript !== null && registration.classifications.length === transcript.messages.length ? registration.classifications : [];
    const full = previewMatches && preview.writtenCallClassification ? [...registered, preview.writtenCallClassification] : registered;
    const earlier = previewMatches ? preview.classificationsAtForkPoint : undefined;
    if (earlier === undefined) return full;
    return full.map((classification, index) => (index < earlier.length ? earlier[index] : classification));
  }, [registration, transcript, preview, previewMatches]);
  // The preview stays on screen (dimmed) while a new one loads, resolved against the parent it was
  // planned on: no flash, and its open sections and raw JSON stay as the person left them.
  const previewTranscript = state.previewTranscript;
  const previewMessages = useMemo(() => {
    if (previewTranscript === null || preview === null) return [];
    return preview.writtenCall === undefined ? previewTranscript.messages : [...previewTranscript.messages, preview.writtenCall];
  }, [previewTranscript, preview]);
  const rowTokens = useMemo(() => {
    if (registration === null || transcript === null || registration.messageTokens.length !== transcript.messages.length) return null;
    return previewMatches && preview.writtenCallTokens !== undefined ? [...registration.messageTokens, preview.writtenCallTokens] : registration.messageTokens;
  }, [registration, transcript, preview, previewMatches]);

  const forkEnd = selection?.forkPoint ?? transcript?.messages.length ?? 0;
  const turns = useMemo(() => {
    const list: number[] = [];
    classifications.forEach((classification, index) => {
      if (classification?.kind === 'real-user-turn' && index < forkEnd) list.push(index);
    });
    return list;
  }, [classifications, forkEnd]);

  const setSelection = useCallback((update: (selection: ForkSelection) => ForkSelection) => workspaceStore.getState().setSelection(update), []);
  const setForkTurns = useCallback(
    (value: string) => setSelection((current) => ({ ...current, qwen: { ...current.qwen, fork_turns: value } })),
    [setSelection],
  );

  const startWindowAt = useCallback(
    (index: number) => {
      const position = turns.indexOf(index);
      if (position === -1) return;
      setCursor(index);
      setSelection((current) => ({ ...current, policy: 'qwen-fork-turns', qwen: { ...current.qwen, fork_turns: String(turns.length - position) } }));
    },
    [turns, setSelection],
  );

  const plan = previewMatches ? preview.plan : null;
  const canLaunch = !stale && plan !== null && plan.errors.length === 0 && plan.child !== null;
  const launchHint =
    plan === null
      ? 'Planning…'
      : plan.errors.length > 0
        ? 'The runtime rejects this call: fix the fields marked in red.'
        : plan.child === null
          ? 'Not a fork: a regular subagent or teammate inherits nothing, so there is nothing to launch here.'
          : null;

  const launch = useCallback(async () => {
    if (!canLaunch || transcript === null || request === null || session === null) return;
    setLaunching(true);
    setLaunchError(null);
    try {
      const childId = `child-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      const name = `child ${session.children.length + 1}${request.policy === 'qwen-fork-turns' && typeof request.params.fork_turns === 'string' ? ` · fork_turns ${request.params.fork_turns}` : ''}`;
      const { answer } = await launchChild(transcript, request, { childId, name, modelId, sessionId: session.id });
      if (answer.status !== 'ok') throw new Error(answer.message);
      const asForked = answer.writtenCall === null ? transcript : { ...transcript, messages: [...transcript.messages, answer.writtenCall] };
      const child = await newChildRecord(
        {
          id: childId,
          name,
          createdAt: new Date().toISOString(),
          request,
          plan: answer.plan,
          tokens: answer.tokens,
          bootstrap: answer.bootstrap,
          agentCallId: answer.agentCallId,
          run: answer.run === undefined ? null : { modelId, status: answer.run.status, finalOutput: null, error: null, deliveredToParent: false },
        },
        { transcript: asForked, revision: session.revision + (answer.writtenCall === null ? 0 : 1) },
      );
      workspaceStore.getState().addChild(child, { writtenCall: answer.writtenCall });
    } catch (error) {
      setLaunchError(error instanceof Error ? error.message : String(error));
    } finally {
      setLaunching(false);
    }
  }, [canLaunch, transcript, request, session, modelId]);

  // Keyboard: j/k between turns, [ ] fewer/more turns, a for all, Enter launches.
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (selection === null) return;
      const target = event.target as HTMLElement | null;
      if (event.key === 'Enter' && target?.closest('button, a, summary, [role="button"]') !== null && target !== document.body) return;
      const windowStart = plan?.window?.start ?? null;
      const current = cursor ?? (windowStart !== null && turns.includes(windowStart) ? windowStart : (turns.at(-1) ?? null));
      const position = current === null ? -1 : turns.indexOf(current);
      const available = turns.length;
      const n = /^[1-9]\d*$/.test(selection.qwen.fork_turns) ? Number(selection.qwen.fork_turns) : available;
      switch (event.key) {
        case 'j':
        case 'k': {
          if (available === 0) return;
          const next = event.key === 'j' ? Math.min(available - 1, position + 1) : Math.max(0, position === -1 ? available - 1 : position - 1);
          const index = turns[next]!;
          setCursor(index);
          timeline.current?.scrollToIndex(index);
          if (selection.policy === 'qwen-fork-turns') setForkTurns(String(available - next));
          break;
        }
        case '[':
          if (selection.policy !== 'qwen-fork-turns' || available === 0) return;
          setCursor(null);
          setForkTurns(String(Math.max(1, Math.min(n, available) - 1)));
          break;
        case ']':
          if (selection.policy !== 'qwen-fork-turns' || available === 0) return;
          setCursor(null);
          setForkTurns(n >= available ? 'all' : String(n + 1));
          break;
        case 'a':
          if (selection.policy !== 'qwen-fork-turns') return;
          setCursor(null);
          setForkTurns('all');
          break;
        case 'Enter':
          void launch();
          break;
        default:
          return;
      }
      event.preventDefault();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selection, cursor, turns, plan, launch, setForkTurns]);

  // Keep the window start in view when the window changes.
  const windowStart = plan?.window?.start ?? null;
  useEffect(() => {
    if (windowStart !== null) timeline.current?.scrollToIndex(windowStart);
  }, [windowStart]);

  if (session === null || selection === null || transcript === null) {
    return (
      <main className={styles.main}>
        <p data-testid="loading">Loading the workspace…</p>
      </main>
    );
  }

  const openChild = session.children.find((child) => child.id === openChildId) ?? null;
  const scenarioId = session.source.kind === 'scenario' ? session.source.scenarioId : '';
  const summary = previewMatches ? preview.summary : null;

  return (
    <main
      className={styles.main}
      data-testid="playground"
      data-ready={ready && !stale ? 'true' : 'false'}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (event.currentTarget === event.target || event.relatedTarget === null) setDragging(false);
      }}
      onDrop={(event) => {
        const file = event.dataTransfer.files[0];
        setDragging(false);
        if (file === undefined) return;
        event.preventDefault();
        setImporting({ dropped: { body: file, fileName: file.name } });
      }}
    >
      {dragging && (
        <div className={importStyles.dropOverlay} data-testid="drop-overlay">
          <p>Drop a transcript to import it as a new parent</p>
        </div>
      )}
      {importing !== null && <ImportDialog dropped={importing.dropped} onClose={closeImport} onImported={openImport} />}
      <header className={styles.header}>
        <div>
          <h1>Fork Lab</h1>
          <p className={styles.tagline}>See exactly what a forked subagent inherits from its parent’s conversation.</p>
        </div>
        <div className={styles.headerControls}>
          <label className={styles.picker}>
            <span>Scenario</span>
            <select
              value={scenarioId}
              onChange={(event) => {
                setCursor(null);
                void openScenario(event.target.value);
              }}
              data-testid="scenario-select"
            >
              {scenarioId === '' && <option value="">{session.title}</option>}
              {scenarios.map((scenario) => (
                <option key={scenario.id} value={scenario.id}>
                  {scenario.title}
                </option>
              ))}
              {SYNTHETIC_SIZES.map((size) => (
                <option key={size} value={syntheticScenarioId(size)}>
                  Synthetic parent · about {size.toLocaleString('en-US')} messages
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            onClick={() => setImporting({ dropped: null })}
            data-testid="open-import"
            title="Import a session or a request body as a new parent (or drop a file on the page)"
          >
            Import…
          </button>
          <button
            type="button"
            onClick={async () => {
              const scenario = await fetchScenario(scenarioId, initialScenario);
              if (scenario !== null)
                workspaceStore.getState().restartSession({ transcript: scenario.transcript, selection: selectionFromRequest(scenario.request) });
            }}
            disabled={session.source.kind !== 'scenario'}
            data-testid="restart-session"
            title="Put this scenario back as it was loaded: its transcript, its request, no children"
          >
            Restart scenario
          </button>
          <button
            type="button"
            onClick={async () => {
              await clearWorkspace();
              await openScenario(defaultScenarioId);
            }}
            data-testid="reset-workspace"
            title="Forget every session and child in this browser"
          >
            Reset workspace
          </button>
          <span className={styles.save} data-testid="save-status" data-status={save.status} role="status" title={save.error ?? undefined}>
            {save.status === 'saved'
              ? 'Saved in this browser'
              : save.status === 'pending'
                ? 'Saving…'
                : `Not saved: ${save.error ?? 'storage refused the write'}`}
          </span>
        </div>
      </header>

      {notice !== null && (
        <p role="alert" className={styles.alert} data-testid="scenario-missing">
          {notice} Showing “{session.title}”.
        </p>
      )}

      <section className={styles.scenario} aria-labelledby="scenario-title">
        <h2 id="scenario-title" data-testid="scenario-title">
          {session.title}
          {session.revision > 0 && <span className={styles.edited}> · edited ({session.revision})</span>}
        </h2>
        {session.source.kind === 'scenario' && <p>{scenarios.find((scenario) => scenario.id === scenarioId)?.shows ?? initialScenario.shows}</p>}
        {session.source.kind === 'import' && <ImportedFrom key={session.id} source={session.source} />}
      </section>

      <div className={styles.grid}>
        <aside className={styles.left}>
          <ForkControls
            selection={selection}
            errors={plan?.errors ?? []}
            parentLength={transcript.messages.length}
            realTurns={turns.length}
            canLaunch={canLaunch}
            launchHint={launchError ?? launchHint}
            launching={launching}
            models={models}
            modelId={modelId}
            onModelChange={(id) => workspaceStore.getState().setModel(id)}
            onChange={setSelection}
            onLaunch={() => void launch()}
          />
          <ForkTree session={session} openChildId={openChildId} onOpen={(id) => workspaceStore.getState().openChild(id)} />
        </aside>

        <section className={styles.center} aria-label="Parent timeline">
          <h2 className={styles.columnTitle}>Parent · {transcript.messages.length.toLocaleString('en-US')} messages</h2>
          <p className={styles.summary} data-testid="window-summary">
            {summary === null
              ? 'Planning…'
              : plan?.child === null
                ? plan.errors.length > 0
                  ? 'No window: the runtime rejects the call.'
                  : 'No window: not a fork.'
                : windowSummaryLine(summary)}
          </p>
          <ParentTimeline
            key={session.id}
            ref={timeline}
            messages={plannedMessages}
            pendingFrom={writtenCall === null ? null : transcript.messages.length}
            classifications={classifications}
            ranges={plan?.parent ?? null}
            windowStart={plan?.child ? windowStart : null}
            windowDescription={plan?.window?.description ?? ''}
            forkPoint={selection.forkPoint !== null && selection.forkPoint < transcript.messages.length ? selection.forkPoint : null}
            tokens={rowTokens}
            cursor={cursor}
            canStartWindow={selection.policy === 'qwen-fork-turns'}
            onStartWindow={startWindowAt}
            onForkAfter={(index) => setSelection((current) => ({ ...current, forkPoint: index + 1 >= transcript.messages.length ? null : index + 1 }))}
            onDelete={(index) => workspaceStore.getState().deleteParentMessage(index)}
          />
          <ParentChat session={session} modelId={modelId} />
          <ParentComposer />
        </section>

        <div className={styles.right}>
          {state.error !== null && (
            <p role="alert" className={styles.alert} data-testid="preview-error">
              {state.error}
            </p>
          )}
          {preview !== null && previewTranscript !== null && request !== null && !stale && (
            <PreviewExports
              title={session.title}
              parent={{ ...previewTranscript, messages: previewMessages }}
              request={request}
              plan={preview.plan}
              childrenRecords={session.children}
            />
          )}
          {preview !== null && previewTranscript !== null ? (
            <ChildPreview
              preview={preview}
              parent={previewMessages}
              parentTokens={previewMatches ? rowTokens : null}
              stale={stale}
              onShowParentRow={(index) => timeline.current?.scrollToIndex(index)}
            />
          ) : (
            <p className={styles.muted}>Planning the fork…</p>
          )}
        </div>
      </div>

      {openChild !== null && (
        <ChildPanel
          key={openChild.id}
          child={openChild}
          session={session}
          onClose={() => workspaceStore.getState().openChild(null)}
          onRemove={() => workspaceStore.getState().removeChild(openChild.id)}
        />
      )}
      <footer className={styles.footer}>
        <button type="button" className={styles.linkButton} onClick={() => void flushWorkspace()}>
          Save now
        </button>
      </footer>
    </main>
  );
}
