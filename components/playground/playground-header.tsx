'use client';

import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Tooltip } from '@/components/ui/tooltip';
import type { ScenarioSummary } from '@/lib/scenarios/scenario-files';
import { SYNTHETIC_SIZES, syntheticScenarioId } from '@/lib/scenarios/synthetic-scenarios';
import type { useSaveStatus } from '@/lib/workspace/browser-workspace';
import type { RecentImport } from '@/lib/workspace/recent-imports';
import styles from './playground.module.css';
import { ResetWorkspace } from './reset-workspace';

interface PlaygroundHeaderProps {
  /** The open session's title, shown as the choice when it is neither a scenario nor an import. */
  title: string;
  /** The picker's choice for the open session: its scenario's id, an import's session id, or ''. */
  choice: string;
  scenarios: readonly ScenarioSummary[];
  /** Imported parents this browser holds, newest first. */
  recentImports: readonly RecentImport[];
  canRestart: boolean;
  /** A restart is loading the scenario's file: the button waits until it has put the scenario back. */
  restarting: boolean;
  save: ReturnType<typeof useSaveStatus>;
  /** A scenario's id, or an import's session id. */
  onPickParent(choice: string): void;
  onImport(): void;
  onRestart(): void;
  /** Take the open import out of the recent imports; only offered while an import is open. */
  onRemoveImport?(): void;
  /** Forget the workspace; answers with the way back. */
  onReset(): Promise<() => Promise<void>>;
  /** What a reset forgets. */
  counts: { sessions: number; children: number };
}

/** An import as the picker lists it: its title, and how many messages it holds. */
function importLabel(recent: RecentImport): string {
  return `${recent.title} · ${recent.messages.toLocaleString('en-US')} message${recent.messages === 1 ? '' : 's'}`;
}

/** The title, the parent picker (scenarios, synthetic parents, recent imports) and the workspace's buttons, with whether it is saved. */
export function PlaygroundHeader(props: PlaygroundHeaderProps) {
  const { save, choice } = props;
  return (
    <header className={styles.header}>
      <label className={styles.picker}>
        <span>Parent</span>
        <NativeSelect value={choice} onChange={(event) => props.onPickParent(event.target.value)} data-testid="scenario-select">
          {choice === '' && <option value="">{props.title}</option>}
          <optgroup label="Scenarios">
            {props.scenarios.map((scenario) => (
              <option key={scenario.id} value={scenario.id}>
                {scenario.title}
              </option>
            ))}
          </optgroup>
          <optgroup label="Synthetic parents">
            {SYNTHETIC_SIZES.map((size) => (
              <option key={size} value={syntheticScenarioId(size)}>
                Synthetic parent · about {size.toLocaleString('en-US')} messages
              </option>
            ))}
          </optgroup>
          {props.recentImports.length > 0 && (
            <optgroup label="Recent imports" data-testid="recent-imports">
              {props.recentImports.map((recent) => (
                <option key={recent.sessionId} value={recent.sessionId}>
                  {importLabel(recent)}
                </option>
              ))}
            </optgroup>
          )}
        </NativeSelect>
      </label>
      {props.onRemoveImport !== undefined && (
        <Button onClick={props.onRemoveImport} data-testid="remove-import" title="Take this import out of the recent imports (undoable for a while)">
          Remove import
        </Button>
      )}
      <div className={styles.headerControls}>
        <Tooltip content="Compare 2–8 forks of this parent side by side">
          <Button asChild>
            <Link href="/compare" data-testid="open-compare">
              Compare forks
            </Link>
          </Button>
        </Tooltip>
        <Tooltip content="Import a session or a request body as a new parent (or drop a file on the page)">
          <Button onClick={props.onImport} data-testid="open-import">
            Import…
          </Button>
        </Tooltip>
        <Button
          onClick={props.onRestart}
          disabled={!props.canRestart || props.restarting}
          aria-busy={props.restarting}
          data-testid="restart-session"
          title="Put this scenario back as it was loaded: its transcript, its request, no children"
        >
          Restart scenario
        </Button>
        <ResetWorkspace sessions={props.counts.sessions} children={props.counts.children} reset={props.onReset} />
        <span className={styles.save} data-testid="save-status" data-status={save.status} role="status" title={save.error ?? undefined}>
          {save.status === 'saved'
            ? 'Saved in this browser'
            : save.status === 'pending'
              ? 'Saving…'
              : `Not saved: ${save.error ?? 'storage refused the write'}`}
        </span>
      </div>
    </header>
  );
}
