'use client';

import { Button } from '@/components/ui/button';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/dialog';
import { showUndoToast, UNDO_MS } from '@/components/ui/undo-toast';

/**
 * "Reset workspace", which forgets every session and child this browser holds: asked first, with
 * what it forgets, and undoable for a while after. `reset` answers with the way back, and the way
 * back is a toast: it lives in the page's toaster, not the header, because the header goes while
 * the reset workspace loads its first scenario and the way back must not.
 */
export function ResetWorkspace({ sessions, children, reset }: { sessions: number; children: number; reset(): Promise<() => Promise<void>> }) {
  const confirm = async () => {
    const undo = await reset();
    showUndoToast({ message: 'Workspace reset.', undo: () => void undo(), testId: 'reset-undo' });
  };
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button data-testid="reset-workspace" title="Forget every session and child in this browser">
          Reset workspace
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent data-testid="reset-dialog">
        <AlertDialogTitle>Reset the workspace?</AlertDialogTitle>
        <AlertDialogDescription>
          This forgets {sessions} session{sessions === 1 ? '' : 's'} and {children} child{children === 1 ? '' : 'ren'} saved in this browser, and opens the
          first scenario. You can undo it for {UNDO_MS / 1000} seconds.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel data-testid="reset-cancel">Cancel</AlertDialogCancel>
          <AlertDialogAction data-testid="reset-confirm" onClick={() => void confirm()}>
            Reset
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
