'use client';

import { useMemo } from 'react';
import { InheritanceStrip, type StripEntry } from '@/components/inheritance-strip/inheritance-strip';
import type { MessageClassification } from '@/lib/fork';
import type { CompactForkPlan } from '@/lib/fork-exchange/compact-plan';
import { noChildReason, stripColumn, stripMarks, stripSources, stripSourcesOfSegments } from '@/lib/view/inheritance-strip';
import type { ParentSession } from '@/lib/workspace/workspace';
import styles from './children.module.css';

/** The children drawn beside the next launch: the latest ones, so a long session stays one glance wide. */
const CHILDREN_SHOWN = 5;

export interface ChildrenStripProps {
  session: ParentSession;
  classifications: readonly (MessageClassification | undefined)[];
  /** The plan the next launch would make, when it is planned for the parent shown. */
  next: CompactForkPlan | null;
}

function nextEntry(parentLength: number, plan: CompactForkPlan | null): StripEntry {
  if (plan === null) return { key: 'next', label: 'next', column: null, note: 'planning…' };
  const why = noChildReason(plan);
  if (why !== null || plan.child === null) return { key: 'next', label: 'next', column: null, note: why ?? '' };
  const request = stripSourcesOfSegments(plan.child.initialSegments, plan.child.firstPrompt);
  const family = plan.family === undefined ? '' : ` (each of ${plan.family.members.length} children)`;
  return {
    key: 'next',
    label: 'next',
    column: stripColumn(parentLength, { parent: plan.parent, request, cache: plan.cache }),
    note: `the next launch${family}`,
  };
}

/**
 * What the next launch and the children already launched inherit, side by side on the parent's
 * rows: a person sees at a glance which fork kept which part of the conversation.
 */
export function ChildrenStrip({ session, classifications, next }: ChildrenStripProps) {
  const parentLength = session.transcript.messages.length;
  const marks = useMemo(() => stripMarks(classifications), [classifications]);
  const entries = useMemo(() => {
    const launched = session.children.slice(-CHILDREN_SHOWN).map((child): StripEntry => {
      const request = stripSources([...child.plan.child.initialMessages, child.plan.child.firstPrompt]);
      // A child forked from an earlier revision drew its rows on a parent that has since changed.
      const edited = child.forkedAt.revision !== session.revision;
      return {
        key: child.id,
        label: child.name,
        column: stripColumn(parentLength, { parent: child.plan.parent, request, cache: child.plan.cache }),
        ...(edited ? { note: `forked from revision ${child.forkedAt.revision}; the parent has changed since` } : {}),
      };
    });
    return [nextEntry(parentLength, next), ...launched];
  }, [session, next, parentLength]);
  const hidden = session.children.length - Math.min(CHILDREN_SHOWN, session.children.length);
  return (
    <section className={styles.strip} aria-labelledby="children-strip-title" data-testid="children-strip">
      <h2 id="children-strip-title" className={styles.stripTitle}>
        What each child inherits
        {hidden > 0 && (
          <span className={styles.muted}>
            {' '}
            · the latest {CHILDREN_SHOWN}; {hidden} earlier in the fork tree
          </span>
        )}
      </h2>
      <InheritanceStrip parentLength={parentLength} marks={marks} entries={entries} />
    </section>
  );
}
