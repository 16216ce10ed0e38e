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
import { toast } from '@/components/ui/toaster';

/** How long the way back is offered after a reset. */
const UNDO_MS = 15_000;

/**
 * "Reset workspace", which forgets every session and child this browser holds: asked first, with
 * what it forgets, and undoable for a while after. `reset` answers with the way back, and the way
 * back is a toast: it lives in the page's toaster, not the header, because the header goes while
 * the reset workspace loads its first scenario and the way back must not.
 */
export function ResetWorkspace({ sessions, children, reset }: { sessions: number; children: number; reset(): Promise<() => Promise<void>> }) {
  const confirm = async () => {
    const undo = await reset();
    toast.custom(
      (id) => (
        <p
          role="status"
          className="m-0 flex items-center gap-3 rounded-control border border-border bg-background px-3 py-2 text-sm text-foreground shadow-lg"
          data-testid="reset-undo-toast"
        >
          Workspace reset.
          <Button
            size="sm"
            data-testid="reset-undo"
            onClick={() => {
              toast.dismiss(id);
              void undo();
            }}
          >
            Undo
          </Button>
        </p>
      ),
      { duration: UNDO_MS },
    );
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
