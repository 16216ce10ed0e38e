'use client';

import { type ReactNode, useState } from 'react';
import { Button } from './button';

/**
 * A button that forgets something, asked twice: the first press arms it in place (the action in
 * red, and Keep beside it), the second does it. No dialog: the question appears where the person
 * is looking, and Keep or leaving it alone loses nothing.
 */
export function ConfirmButton({
  children,
  confirmLabel,
  onConfirm,
  variant = 'link',
  testId,
}: {
  children: ReactNode;
  /** What the armed button says: the action in full ("Delete this message"). */
  confirmLabel: string;
  onConfirm(): void;
  variant?: 'link' | 'danger' | 'default';
  /** The first button's test id; the armed one's is `confirm-<testId>`. */
  testId?: string;
}) {
  const [armed, setArmed] = useState(false);
  return armed ? (
    <>
      <Button variant="danger" size="sm" onClick={onConfirm} data-testid={testId === undefined ? undefined : `confirm-${testId}`}>
        {confirmLabel}
      </Button>
      <Button variant="link" onClick={() => setArmed(false)}>
        Keep
      </Button>
    </>
  ) : (
    <Button variant={variant} onClick={() => setArmed(true)} data-testid={testId}>
      {children}
    </Button>
  );
}
