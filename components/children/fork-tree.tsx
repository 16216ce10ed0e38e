'use client';

import { runtimeOf } from '@/lib/fork';
import { type ChildRecord, ENDED_RUN_STATUSES, type ParentSession } from '@/lib/workspace/workspace';
import styles from './children.module.css';

/** The children in launch order, those one call launched together (a family) kept as one group. */
function groups(children: readonly ChildRecord[]): { familyId: string | null; children: ChildRecord[] }[] {
  const grouped: { familyId: string | null; children: ChildRecord[] }[] = [];
  for (const child of children) {
    const last = grouped.at(-1);
    if (child.familyId !== undefined && last?.familyId === child.familyId) last.children.push(child);
    else grouped.push({ familyId: child.familyId ?? null, children: [child] });
  }
  return grouped;
}

function ChildItem({ child, openChildId, onOpen }: { child: ChildRecord; openChildId: string | null; onOpen(id: string | null): void }) {
  const family = child.plan.family;
  const member = family?.members.find((candidate) => candidate.index === family.member);
  return (
    <li>
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
          {member === undefined
            ? `${runtimeOf(child.plan.policy).label} · ${child.plan.child.initialMessages.length} inherited · from revision ${child.forkedAt.revision}`
            : `item “${member.label}” · ${child.plan.child.initialMessages.length} inherited · launch +${(member.launchAfterMs / 1000).toFixed(1)} s`}
        </span>
      </button>
    </li>
  );
}

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
          {groups(session.children).map((group) => {
            if (group.familyId === null) {
              const child = group.children[0]!;
              return <ChildItem key={child.id} child={child} openChildId={openChildId} onOpen={onOpen} />;
            }
            const first = group.children[0]!;
            const family = first.plan.family;
            const ended = group.children.filter((child) => child.run !== null && ENDED_RUN_STATUSES.has(child.run.status)).length;
            const delivered = ended === group.children.length && group.children.every((child) => child.run?.deliveredToParent === true);
            return (
              <li key={group.familyId} className={styles.family} data-testid="fork-tree-family" data-family-id={group.familyId}>
                <p className={styles.familyHead}>
                  <span aria-hidden>⋔</span> {family?.tool ?? 'family'} “{family?.description ?? first.name}”{' '}
                  <span className={styles.muted}>
                    {runtimeOf(first.plan.policy).label} · {group.children.length} children launched together from one call · {ended} of {group.children.length}{' '}
                    ended
                    {delivered ? ' · result delivered to the parent' : ''}
                  </span>
                </p>
                <ul aria-label={`Children of ${family?.tool ?? 'the family'} “${family?.description ?? first.name}”`}>
                  {group.children.map((child) => (
                    <ChildItem key={child.id} child={child} openChildId={openChildId} onOpen={onOpen} />
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
