'use client';

import { useEffect, useRef, useState } from 'react';
import styles from './playground.module.css';

/** How long the way back is offered after a reset. */
const UNDO_MS = 15_000;

/**
 * "Reset workspace", which forgets every session and child this browser holds: asked first, with
 * what it forgets, and undoable for a while after.
 */
export function ResetWorkspace({ sessions, children, reset }: { sessions: number; children: number; reset(): Promise<void> }) {
  const dialog = useRef<HTMLDialogElement>(null);

  return (
    <>
      <button type="button" onClick={() => dialog.current?.showModal()} data-testid="reset-workspace" title="Forget every session and child in this browser">
        Reset workspace
      </button>
      <dialog ref={dialog} className={styles.dialog} aria-labelledby="reset-title" data-testid="reset-dialog">
        <form method="dialog">
          <h2 id="reset-title">Reset the workspace?</h2>
          <p>
            This forgets {sessions} session{sessions === 1 ? '' : 's'} and {children} child{children === 1 ? '' : 'ren'} saved in this browser, and opens the
            first scenario. You can undo it for {UNDO_MS / 1000} seconds.
          </p>
          <div className={styles.dialogActions}>
            <button type="submit" value="cancel" data-testid="reset-cancel">
              Cancel
            </button>
            <button type="submit" value="reset" className={styles.danger} data-testid="reset-confirm" onClick={() => void reset()}>
              Reset
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

/**
 * The way back after a reset, offered for a while. It lives with the page, not the header: the
 * header goes while the reset workspace loads its first scenario, and the way back must not.
 */
export function useResetUndo(): { undo: (() => Promise<void>) | null; offer(back: (() => Promise<void>) | null): void } {
  const [undo, setUndo] = useState<(() => Promise<void>) | null>(null);
  useEffect(() => {
    if (undo === null) return;
    const timer = setTimeout(() => setUndo(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [undo]);
  return { undo, offer: (back) => setUndo(() => back) };
}

/** "Workspace reset. Undo", while the way back is offered. */
export function ResetUndoToast({ undo, onDone }: { undo: (() => Promise<void>) | null; onDone(): void }) {
  if (undo === null) return null;
  return (
    <p role="status" className={styles.toast} data-testid="reset-undo-toast">
      Workspace reset.{' '}
      <button
        type="button"
        data-testid="reset-undo"
        onClick={() => {
          onDone();
          void undo();
        }}
      >
        Undo
      </button>
    </p>
  );
}
