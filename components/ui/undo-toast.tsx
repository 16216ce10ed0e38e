'use client';

import { Button } from './button';
import { toast } from './toaster';

/** How long the way back is offered after an action that takes something away. */
export const UNDO_MS = 15_000;

/**
 * A toast that says what was just taken away and offers it back for `UNDO_MS`: the confirm-free
 * way to make a destructive click safe. It lives in the page's toaster, so it outlasts the control
 * that raised it (a removed card, a header that reloads).
 */
export function showUndoToast({ message, undo, testId }: { message: string; undo(): void; testId: string }) {
  toast.custom(
    (id) => (
      <p
        role="status"
        className="m-0 flex items-center gap-3 rounded-control border border-border bg-background px-3 py-2 text-sm text-foreground shadow-lg"
        data-testid={`${testId}-toast`}
      >
        {message}
        <Button
          size="sm"
          data-testid={testId}
          onClick={() => {
            toast.dismiss(id);
            undo();
          }}
        >
          Undo
        </Button>
      </p>
    ),
    { duration: UNDO_MS },
  );
}
