'use client';

import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import styles from './playground.module.css';

/** Why the fork cannot launch as it stands, in the words the bar and the controls show; null when it can. */
export function whyNoLaunch(state: {
  forkPointError: string | null;
  requestErrors: number;
  plan: { errors: readonly unknown[]; child: unknown } | null;
}): string | null {
  const { forkPointError, requestErrors, plan } = state;
  if (forkPointError !== null) return 'Fix the fork point: the fork would not start where the field says.';
  if (requestErrors > 0) return 'Fix the fields marked in red: the request cannot be planned as it stands.';
  if (plan === null) return 'Planning…';
  if (plan.errors.length > 0) return 'The runtime rejects this call: fix the fields marked in red.';
  if (plan.child === null) return 'Not a fork: a regular subagent or teammate inherits nothing, so there is nothing to launch here.';
  return null;
}

/** The width at and below which the page is one column and this bar sits on the screen's bottom edge. */
const PHONE = '(max-width: 820px)';

/**
 * The main action beside what it launches. On a wide screen it heads the preview column; on a
 * phone the page is one long column (controls, timeline, preview), so the bar is fixed to the
 * bottom edge with the window's summary in it: whichever control a person is editing, what the
 * child will get and Launch are in view with it. A launch there scrolls to the child it opened,
 * which stands under the bar's place in the column.
 */
export function LaunchBar(props: {
  label: string;
  canLaunch: boolean;
  launching: boolean;
  /** Why it cannot launch, or what went wrong; null when it can. */
  hint: string | null;
  /** What the child gets, in a line: the phone's bar says it, since the preview is out of view. */
  summary: string;
  /** The child open under the bar, if any: a new one launched from the phone's bar is scrolled to. */
  openChildId: string | null;
  /** What a provider would make of it that a person must read before launching (a request past a model's window). */
  warning?: string | null;
  onLaunch(): void;
}) {
  const launchedHere = useRef(false);
  useEffect(() => {
    if (!launchedHere.current || props.openChildId === null) return;
    launchedHere.current = false;
    if (window.matchMedia(PHONE).matches) document.querySelector('[data-testid="child-panel"]')?.scrollIntoView({ block: 'start' });
  }, [props.openChildId]);
  return (
    <div className={styles.launchBar} data-testid="launch-bar">
      <Button
        variant="primary"
        size="lg"
        disabled={!props.canLaunch || props.launching}
        onClick={() => {
          launchedHere.current = true;
          props.onLaunch();
        }}
        data-testid="launch-beside-preview"
      >
        {props.launching ? 'Launching…' : props.label}
      </Button>
      <span className={styles.launchBesideHint}>{props.hint ?? 'The child receives exactly what is shown below.'}</span>
      {props.hint === null ? (
        <span className={styles.launchSummary} data-testid="launch-bar-summary">
          {props.summary}
        </span>
      ) : null}
      {props.warning ? (
        <span className={styles.launchWarning} role="status" data-testid="launch-warning">
          {props.warning}
        </span>
      ) : null}
    </div>
  );
}
