'use client';

import { type ReactNode, useId } from 'react';
import { HelpPopover } from '@/components/ui/popover';
import type { ForkParameterError } from '@/lib/fork';
import styles from './fork-controls.module.css';

/** A labelled control with its help behind a "?" and, under it, the runtime's errors for that parameter. */
export function Field(props: {
  label: string;
  name: string;
  hint?: string;
  errors: readonly ForkParameterError[];
  /** The text's length and the most Fork Lab takes: counted under the field once it is a tenth of the way there. */
  length?: { chars: number; max: number };
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  const mine = props.errors.filter((error) => error.parameter === props.name);
  const explained = mine.filter((error) => error.explanation !== undefined);
  const counted = props.length !== undefined && props.length.chars >= props.length.max / 10 ? props.length : null;
  const describedBy =
    [props.hint ? `${id}-hint` : '', mine.length > 0 ? `${id}-error` : '', explained.length > 0 ? `${id}-explanation` : '', counted ? `${id}-count` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div className={styles.field} data-testid={`field-${props.name}`} data-invalid={mine.length > 0 || undefined}>
      <div className={styles.labelRow}>
        <label htmlFor={id}>
          <code>{props.label}</code>
        </label>
        {props.hint && <HelpPopover label={props.label}>{props.hint}</HelpPopover>}
      </div>
      {props.children(id, describedBy)}
      {counted && (
        <p id={`${id}-count`} className={counted.chars > counted.max ? styles.countOver : styles.count} data-testid={`count-${props.name}`}>
          {counted.chars.toLocaleString('en-US')} / {counted.max.toLocaleString('en-US')} characters
        </p>
      )}
      {/* The help is behind the "?" for the eye and read with the field by a screen reader. */}
      {props.hint && (
        <p id={`${id}-hint`} className="sr-only">
          {props.hint}
        </p>
      )}
      {mine.length > 0 && (
        <div id={`${id}-error`} role="alert" className={styles.error} data-testid={`error-${props.name}`}>
          {mine.map((error) => (
            <p key={error.code}>{error.message}</p>
          ))}
        </div>
      )}
      {explained.length > 0 && (
        <div id={`${id}-explanation`} className={styles.hint} data-testid={`explanation-${props.name}`}>
          {explained.map((error) => (
            <p key={error.code}>{error.explanation}</p>
          ))}
        </div>
      )}
    </div>
  );
}
