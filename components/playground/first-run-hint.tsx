'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import styles from './playground.module.css';

const DISMISSED_KEY = 'fork-lab-first-run-hint-dismissed';

/**
 * What to try first, for a person new to the page: the three steps that show what Fork Lab is for.
 * Shown until dismissed, once per browser; the page reads the same without it.
 */
export function FirstRunHint() {
  // Hidden until the browser says whether it was dismissed: no flash of a hint the person closed.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    try {
      setShown(window.localStorage.getItem(DISMISSED_KEY) === null);
    } catch {
      setShown(true);
    }
  }, []);
  if (!shown) return null;
  return (
    <section className={styles.firstRun} aria-label="Where to start" data-testid="first-run-hint">
      <p className={styles.firstRunLead}>See exactly what a forked subagent inherits from its parent’s conversation, in three steps:</p>
      <ol>
        <li>
          <strong>Pick a window</strong> in the fork controls — <kbd>[</kbd> and <kbd>]</kbd> take fewer or more turns — and see which of the parent’s rows it
          takes in the timeline.
        </li>
        <li>
          <strong>Read what the child receives</strong> in the preview, message by message, with what a provider’s cache would reuse.
        </li>
        <li>
          <strong>Launch child</strong> (or <kbd>Enter</kbd>) to run it on the offline model, then <strong>Compare forks</strong> to set windows side by side.
        </li>
      </ol>
      <Button
        onClick={() => {
          setShown(false);
          try {
            window.localStorage.setItem(DISMISSED_KEY, '1');
          } catch {
            // A browser that keeps nothing shows the hint again next time: nothing is lost.
          }
        }}
        data-testid="first-run-dismiss"
      >
        Got it
      </Button>
    </section>
  );
}
