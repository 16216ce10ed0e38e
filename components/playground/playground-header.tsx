'use client';

import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Tooltip } from '@/components/ui/tooltip';
import type { ScenarioSummary } from '@/lib/scenarios/scenario-files';
import { SYNTHETIC_SIZES, syntheticScenarioId } from '@/lib/scenarios/synthetic-scenarios';
import type { useSaveStatus } from '@/lib/workspace/browser-workspace';
import styles from './playground.module.css';
import { ResetWorkspace } from './reset-workspace';

interface PlaygroundHeaderProps {
  /** The open session's title, shown as the choice when it is not a scenario (an import). */
  title: string;
  /** The open scenario, or '' for a session that is not one. */
  scenarioId: string;
  scenarios: readonly ScenarioSummary[];
  canRestart: boolean;
  /** A restart is loading the scenario's file: the button waits until it has put the scenario back. */
  restarting: boolean;
  save: ReturnType<typeof useSaveStatus>;
  onPickScenario(id: string): void;
  onImport(): void;
  onRestart(): void;
  /** Forget the workspace; answers with the way back. */
  onReset(): Promise<() => Promise<void>>;
  /** What a reset forgets. */
  counts: { sessions: number; children: number };
}

/** The title, the scenario picker and the workspace's buttons, with whether it is saved. */
export function PlaygroundHeader(props: PlaygroundHeaderProps) {
  const { save, scenarioId } = props;
  return (
    <header className={styles.header}>
      <label className={styles.picker}>
        <span>Scenario</span>
        <NativeSelect value={scenarioId} onChange={(event) => props.onPickScenario(event.target.value)} data-testid="scenario-select">
          {scenarioId === '' && <option value="">{props.title}</option>}
          {props.scenarios.map((scenario) => (
            <option key={scenario.id} value={scenario.id}>
              {scenario.title}
            </option>
          ))}
          {SYNTHETIC_SIZES.map((size) => (
            <option key={size} value={syntheticScenarioId(size)}>
              Synthetic parent · about {size.toLocaleString('en-US')} messages
            </option>
          ))}
        </NativeSelect>
      </label>
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
