import type { ReactNode } from 'react';
import styles from './captures.module.css';

/** A table's own sideways scroll, so a wide table never widens the page; focusable, so a keyboard can scroll it. */
export function TableFrame({ children }: { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes the focus so a keyboard can scroll it
    <div className={styles.tableFrame} tabIndex={0}>
      {children}
    </div>
  );
}
