'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { ForkParameterError } from '@/lib/fork';
import { Field } from './control-field';
import styles from './fork-controls.module.css';

/**
 * What a typed fork point means: a message count to fork at (null: at the end), `empty` while the
 * field is cleared on the way to another value, or why it is none.
 */
export function readForkPoint(text: string, parentLength: number): { at: number | null } | { empty: true } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { empty: true };
  const allowed = `a whole number of messages from 0 to ${parentLength}`;
  if (!/^\d+$/.test(trimmed)) return { error: `The fork point is ${allowed}; “${trimmed.slice(0, 40)}” is not one.` };
  const value = Number(trimmed);
  if (value > parentLength)
    return { error: `The fork point is ${allowed}; the parent has only ${parentLength} messages, so ${trimmed.slice(0, 20)} is past its end.` };
  return { at: value === parentLength ? null : value };
}

/**
 * The fork point as a person types it. What they type stays in the field until they change it: a
 * value that is no fork point (`3.5`, `-5`, `12` of 11) is shown with what is allowed, and the fork
 * point stays where it was; a cleared field waits for the next digit instead of snapping back.
 */
export function ForkPointField(props: {
  forkPoint: number | null;
  parentLength: number;
  errors: readonly ForkParameterError[];
  onCommit(forkPoint: number | null): void;
  /** What is wrong with the typed value, or null: the page must not launch past a field that says it is wrong. */
  onTypedError?(message: string | null): void;
}) {
  const { forkPoint, parentLength, onCommit, onTypedError } = props;
  const [draft, setDraft] = useState<string | null>(null);
  const shown = forkPoint ?? parentLength;
  // A fork point set elsewhere (a timeline row, "At the end", a link) replaces a draft that says otherwise.
  useEffect(() => {
    setDraft((current) => {
      if (current === null) return null;
      const read = readForkPoint(current, parentLength);
      return 'at' in read && (read.at ?? parentLength) === shown ? current : null;
    });
  }, [shown, parentLength]);
  const read = draft === null ? null : readForkPoint(draft, parentLength);
  const typed: ForkParameterError[] = read !== null && 'error' in read ? [{ parameter: 'forkPoint', code: 'fork_point_typed', message: read.error }] : [];
  const typedError = typed[0]?.message ?? null;
  useEffect(() => onTypedError?.(typedError), [typedError, onTypedError]);
  return (
    <Field
      label="fork point"
      name="forkPoint"
      errors={typed.length > 0 ? typed : props.errors}
      hint={`Fork as the parent stood after this many messages (0–${parentLength}).`}
    >
      {(id, describedBy) => (
        <div className={styles.inline}>
          <Input
            id={id}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={draft ?? String(shown)}
            onChange={(event) => {
              const text = event.target.value;
              setDraft(text);
              const next = readForkPoint(text, parentLength);
              if ('at' in next) onCommit(next.at);
            }}
            // Leaving a cleared or valid field shows the fork point as it stands; a wrong value stays, with its error.
            onBlur={() => setDraft((current) => (current !== null && 'error' in readForkPoint(current, parentLength) ? current : null))}
            aria-describedby={describedBy}
            aria-invalid={typed.length > 0 || undefined}
            data-testid="input-forkPoint"
          />
          <Button
            onClick={() => {
              setDraft(null);
              onCommit(null);
            }}
            disabled={forkPoint === null && draft === null}
            data-testid="fork-at-end"
          >
            At the end
          </Button>
        </div>
      )}
    </Field>
  );
}
