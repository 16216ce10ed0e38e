'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ChildPanel } from '@/components/children/child-panel';
import { ChildrenStrip } from '@/components/children/children-strip';
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
import { Button } from '@/components/ui/button';
import { runtimeOf } from '@/lib/fork';
import type { ParentRegistration } from '@/lib/fork-exchange/answers';
import { windowSummaryLine } from '@/lib/fork-exchange/window-summary';
import type { ImportAnswer } from '@/lib/import/import-answer';
import { oversizedWarning } from '@/lib/provider-cache/oversized-warning';
import type { Scenario } from '@/lib/scenarios/scenario';
import type { ScenarioSummary } from '@/lib/scenarios/scenario-files';
import { timelineRows, withRuntimeTurns } from '@/lib/view/timeline-rows';
import { windowPlanFrom } from '@/lib/view/window-plan';
import { clearWorkspace, flushWorkspace, hydrateWorkspace, useSaveStatus, useWorkspace, workspaceStore } from '@/lib/workspace/browser-workspace';
import { type ForkSelection, plannableRequest, selectionFromRequest } from '@/lib/workspace/fork-selection';
import { importedSession } from '@/lib/workspace/imported-session';
import { decodeUrlState, linkedSessionId, withLinkedControls } from '@/lib/workspace/url-state';
import { activeSession } from '@/lib/workspace/workspace-store';
import { FirstRunHint } from './first-run-hint';
import { anthropicCounter, rememberRegistration } from './fork-client';
import { LaunchBar, whyNoLaunch } from './launch-bar';
import styles from './playground.module.css';
import { PlaygroundHeader } from './playground-header';
import { fetchScenario, sessionInit } from './scenario-client';
import { useDrawnSession } from './use-drawn-session';
import { useFileDrop } from './use-file-drop';
import { useForkPreview } from './use-fork-preview';
import { useLaunchChild } from './use-launch-child';
import { useModels } from './use-models';
import { useParentPicker } from './use-parent-picker';
import { useSettledValue } from './use-settled-value';
import { useUrlSync } from './use-url-sync';
import { useWindowKeys } from './use-window-keys';
import { useWindowPlan } from './use-window-plan';

export interface PlaygroundProps {
  scenarios: ScenarioSummary[];
  /** The scenario the server loaded for this URL (or the default), so the first paint needs no fetch. */
  initialScenario: Scenario;
  defaultScenarioId: string;
}

/** The page people come for: a parent on a timeline, a fork window on it, the child it makes. */
/** How long the directive must rest before it is planned: a pause between words, not between keys. */
const DIRECTIVE_SETTLE_MS = 150;

export function Playground({ scenarios, initialScenario, defaultScenarioId }: PlaygroundProps) {
  const [ready, setReady] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const [importing, setImporting] = useState<{ dropped: PendingImport | null } | null>(null);
  const [restarting, setRestarting] = useState(false);
  const [forkPointError, setForkPointError] = useState<string | null>(null);
  const timeline = useRef<ParentTimelineHandle>(null);
  const { dragging, dropTarget } = useFileDrop((file) => setImporting({ dropped: { body: file, fileName: file.name } }));
  const session = useDrawnSession();
  const openChildId = useWorkspace((state) => state.openChildId);
  const modelId = useWorkspace((state) => state.modelId);
  const sessionCount = useWorkspace((state) => Object.keys(state.sessions).length);
  const childCount = useWorkspace((state) => Object.values(state.sessions).reduce((sum, each) => sum + each.children.length, 0));
  const counts = useMemo(() => ({ sessions: sessionCount, children: childCount }), [sessionCount, childCount]);
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

  // The parent and controls a URL names: on load, and when Back or Forward lands on an entry.
  const applyUrl = useCallback(
    async (search: string) => {
      const url = decodeUrlState(search);
      const named = linkedSessionId(url);
      let opened = true;
      if (url.importId !== null) {
        opened = workspaceStore.getState().showSession(named!);
        if (!opened) setNotice('This link names an import this browser does not hold: imports stay in the browser that made them.');
      } else if (url.scenarioId !== null && !(await openScenario(url.scenarioId))) {
        opened = false;
        setNotice(`There is no scenario called “${url.scenarioId}”.`);
      }
      if (activeSession(workspaceStore.getState()) === null) await openScenario(defaultScenarioId);
      // A link's controls are for the parent it names: not for the one shown in its place.
      if (opened && url.link !== null) workspaceStore.getState().setSelection((current) => withLinkedControls(current, url.link!));
    },
    [openScenario, defaultScenarioId],
  );

  // Restore the saved workspace, then let the URL say which parent and controls to show.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      await hydrateWorkspace();
      await applyUrl(window.location.search);
      if (!cancelled) setReady(true);
    })();
    return () => {
      cancelled = true;
    };
  }, [applyUrl]);

  const selection = session?.selection ?? null;
  // The directive is planned once typing pauses: each key paints at once, and the plan follows.
  const directive = selection?.directive ?? null;
  const settledDirective = useSettledValue(directive, DIRECTIVE_SETTLE_MS, session?.id);
  const typing = directive !== settledDirective;
  const requested = useMemo(
    () => (selection === null ? null : plannableRequest(settledDirective === null ? selection : { ...selection, directive: settledDirective })),
    [selection, settledDirective],
  );
  const request = requested?.request ?? null;
  // What the request's own shape refuses is shown as the plan's errors are: the page never throws on a value.
  const requestErrors = requested?.errors ?? [];
  const requestKey = useMemo(() => JSON.stringify(request), [request]);
  const transcript = session?.transcript ?? null;
  const state = useForkPreview(ready ? transcript : null, request);
  const { preview, registration } = state;
  const previewMatches = preview !== null && state.previewTranscript === transcript;
  // Compared by content: setting a control to the value it already has (`]` at "all", `k` at the
  // first turn) makes a new request object with the same key, which is not re-planned.
  const stale = typing || state.loading || !previewMatches || JSON.stringify(state.previewRequest) !== requestKey;
  // Planned, or, for controls that make no request (a field too long), showing why.
  const settled = request === null ? !typing && !state.loading : !stale;

  const urlSynced = useUrlSync(session, ready, (search) => void applyUrl(search));
  const clearCursor = useCallback(() => setCursor(null), []);
  const picker = useParentPicker({ session, openScenario, defaultScenarioId, onSwitch: clearCursor });

  // The Agent call Fork Lab will write at launch is drawn as a last, pending row.
  const writtenCall = previewMatches ? (preview.writtenCall ?? null) : null;
  const forkEnd = selection?.forkPoint ?? transcript?.messages.length ?? 0;
  const policy = selection?.policy ?? null;
  const rows = useMemo(() => {
    const drawn = timelineRows(transcript?.messages ?? [], registration, previewMatches ? preview : null, forkEnd);
    // A runtime that counts turns its own way numbers the badges, so a badge starts its window where it will.
    const turnStarts = policy === null ? undefined : runtimeOf(policy).controls.window?.turnStarts;
    return turnStarts === undefined ? drawn : withRuntimeTurns(drawn, turnStarts(drawn.messages, forkEnd), forkEnd);
  }, [transcript, registration, preview, previewMatches, forkEnd, policy]);
  // The preview stays on screen (dimmed) while a new one loads, resolved against the parent it was
  // planned on: no flash, and its open sections and raw JSON stay as the person left them.
  const previewTranscript = state.previewTranscript;
  const previewMessages = useMemo(() => {
    if (previewTranscript === null || preview === null) return [];
    return preview.writtenCall === undefined ? previewTranscript.messages : [...previewTranscript.messages, preview.writtenCall];
  }, [previewTranscript, preview]);

  const setSelection = useCallback((update: (selection: ForkSelection) => ForkSelection) => workspaceStore.getState().setSelection(update), []);
  const plan = previewMatches ? preview.plan : null;
  const canLaunch = requestErrors.length === 0 && forkPointError === null && !stale && plan !== null && plan.errors.length === 0 && plan.child !== null;
  const launchHint = whyNoLaunch({ forkPointError, requestErrors: requestErrors.length, plan });

  const { launch, launching, launchError } = useLaunchChild({ canLaunch, session, transcript, request, family: plan?.family, modelId });
  const scrollTo = useCallback((index: number) => timeline.current?.scrollToIndex(index), []);
  // The window moves with the controls; the server's plan fills in its counts when it comes.
  const drawn = useWindowPlan(ready ? transcript : null, request) ?? (plan === null ? null : windowPlanFrom(plan));
  const windowStart = drawn?.window?.start ?? null;
  const startWindowAt = useWindowKeys({
    selection,
    turns: rows.turns,
    windowStart,
    cursor,
    setCursor,
    setSelection,
    scrollTo,
    launch,
  });

  // Keep the window start in view when the window changes.
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
      data-ready={ready && settled ? 'true' : 'false'}
      data-url-synced={urlSynced ? 'true' : 'false'}
      {...dropTarget}
    >
      {dragging && (
        <div className={importStyles.dropOverlay} data-testid="drop-overlay">
          <p>Drop a transcript to import it as a new parent</p>
        </div>
      )}
      {importing !== null && <ImportDialog dropped={importing.dropped} onClose={closeImport} onImported={openImport} />}
      <PlaygroundHeader
        title={session.title}
        scenarios={scenarios}
        {...picker}
        canRestart={session.source.kind === 'scenario'}
        save={save}
        onImport={() => setImporting({ dropped: null })}
        restarting={restarting}
        onRestart={async () => {
          setRestarting(true);
          try {
            const scenario = await fetchScenario(scenarioId, initialScenario);
            if (scenario !== null)
              workspaceStore.getState().restartSession({ transcript: scenario.transcript, selection: selectionFromRequest(scenario.request) });
          } finally {
            setRestarting(false);
          }
        }}
        counts={counts}
        onReset={async () => {
          const undo = await clearWorkspace();
          await openScenario(defaultScenarioId);
          return undo;
        }}
      />

      <FirstRunHint />
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
            errors={requestErrors.length > 0 ? requestErrors : (plan?.errors ?? [])}
            parentLength={transcript.messages.length}
            realTurns={rows.turns.length}
            canLaunch={canLaunch}
            launchHint={launchError ?? launchHint}
            launching={launching}
            launchLabel={plan?.family === undefined ? undefined : `Launch ${plan.family.members.length} children together (${plan.family.tool})`}
            models={models}
            modelId={modelId}
            onModelChange={(id) => workspaceStore.getState().setModel(id)}
            onChange={setSelection}
            onLaunch={() => void launch()}
            onForkPointError={setForkPointError}
          />
          <ForkTree session={session} openChildId={openChildId} onOpen={(id) => workspaceStore.getState().openChild(id)} />
        </aside>

        <section className={styles.center} aria-label="Parent timeline">
          <h2 className={styles.columnTitle}>Parent · {transcript.messages.length.toLocaleString('en-US')} messages</h2>
          {/* Named as the child's: under the parent's heading, its counts read as the parent's otherwise. */}
          <p className={styles.summary}>
            <span className={styles.summaryLabel}>The child’s window: </span>
            <span data-testid="window-summary">
              {summary === null
                ? 'Planning…'
                : plan?.child === null
                  ? plan.errors.length > 0
                    ? 'No window: the runtime rejects the call.'
                    : 'No window: not a fork.'
                  : windowSummaryLine(summary)}
            </span>
          </p>
          <ParentTimeline
            key={session.id}
            ref={timeline}
            messages={rows.messages}
            pendingFrom={writtenCall === null ? null : transcript.messages.length}
            classifications={rows.classifications}
            ranges={drawn?.parent ?? null}
            windowStart={drawn?.forks ? windowStart : null}
            windowDescription={drawn?.window?.description ?? ''}
            forkPoint={selection.forkPoint !== null && selection.forkPoint < transcript.messages.length ? selection.forkPoint : null}
            tokens={rows.tokens}
            cursor={cursor}
            canStartWindow={runtimeOf(selection.policy).controls.window !== undefined}
            // A prompt that continues a turn starts the window where its turn starts.
            onStartWindow={(index) => startWindowAt(rows.classifications[index]?.continuesTurnAt ?? index)}
            onForkAfter={(index) => setSelection((current) => ({ ...current, forkPoint: index + 1 >= transcript.messages.length ? null : index + 1 }))}
            onDelete={(index) => workspaceStore.getState().deleteParentMessage(index)}
          />
          <ParentChat session={session} modelId={modelId} launch={{ can: canLaunch, run: () => void launch() }} />
          <ParentComposer />
        </section>

        <div className={styles.right}>
          <LaunchBar
            label={plan?.family === undefined ? 'Launch child' : `Launch ${plan.family.members.length} children`}
            canLaunch={canLaunch}
            launching={launching}
            hint={launchError ?? launchHint}
            summary={summary === null ? 'Planning…' : windowSummaryLine(summary)}
            openChildId={openChild?.id ?? null}
            warning={previewMatches && preview.cache !== null ? oversizedWarning(preview.cache) : null}
            onLaunch={() => void launch()}
          />
          {/* The child's run right under the button that launched it; what the next launch would send follows. */}
          {openChild !== null && (
            <ChildPanel
              key={openChild.id}
              child={openChild}
              session={session}
              onClose={() => workspaceStore.getState().openChild(null)}
              onRemove={() => workspaceStore.getState().removeChild(openChild.id)}
            />
          )}
          {state.error !== null && (
            <p role="alert" className={styles.alert} data-testid="preview-error">
              {state.error}
            </p>
          )}
          <ChildrenStrip session={session} classifications={rows.classifications} next={plan} />
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
              parentTokens={previewMatches ? rows.tokens : null}
              stale={stale}
              onShowParentRow={(index) => timeline.current?.scrollToIndex(index)}
              countWithAnthropic={
                models.some((model) => model.provider === 'anthropic') && state.previewRequest !== null
                  ? anthropicCounter(previewTranscript, state.previewRequest)
                  : undefined
              }
            />
          ) : (
            <p className={styles.muted}>Planning the fork…</p>
          )}
        </div>
      </div>

      <footer className={styles.footer}>
        <Button variant="link" onClick={() => void flushWorkspace()}>
          Save now
        </Button>
      </footer>
    </main>
  );
}
