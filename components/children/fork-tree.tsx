'use client';

import { runtimeOf } from '@/lib/fork';
import type { ParentSession } from '@/lib/workspace/workspace';
import styles from './children.module.css';

/** The parent and the children launched from it, each openable in its own panel. */
export function ForkTree({ session, openChildId, onOpen }: { session: ParentSession; openChildId: string | null; onOpen(id: string | null): void }) {
  return (
    <nav aria-label="Fork tree" className={styles.tree} data-testid="fork-tree">
      <p className={styles.root}>
        <span aria-hidden>◉</span> {session.title} <span className={styles.muted}>(parent · revision {session.revision})</span>
      </p>
      {session.children.length === 0 ? (
        <p className={styles.muted}>No children yet. Launch one from the fork controls.</p>
      ) : (
        <ul>
          {session.children.map((child) => (
            <li key={child.id}>
              <button
                type="button"
                className={styles.treeItem}
                aria-current={child.id === openChildId ? 'true' : undefined}
                onClick={() => onOpen(child.id === openChildId ? null : child.id)}
                data-testid="fork-tree-child"
                data-child-id={child.id}
              >
                <span className={styles.name}>
                  {child.name}{' '}
                  <span className={`${styles.status} ${styles[`status-${child.run?.status ?? 'planned'}`] ?? ''}`} data-testid="fork-tree-status">
                    {child.run?.status ?? 'planned'}
                  </span>
                </span>
                <span className={styles.muted}>
                  {runtimeOf(child.plan.policy).label} · {child.plan.child.initialMessages.length} inherited · from revision {child.forkedAt.revision}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
