'use client';

import { useMemo } from 'react';
import { InheritanceStrip, type StripEntry } from '@/components/inheritance-strip/inheritance-strip';
import type { CompareSetup } from '@/lib/compare/compare-setup';
import { type MessageClassification, runtimeOf } from '@/lib/fork';
import { noChildReason, stripColumn, stripMarks, stripSources } from '@/lib/view/inheritance-strip';
import type { VariantPreview } from './use-compare-previews';

export interface VariantStripProps {
  parentLength: number;
  classifications: readonly MessageClassification[];
  setup: CompareSetup;
  letters: readonly string[];
  previews: ReadonlyMap<string, VariantPreview>;
}

/** A column's entry for one variant: its plan drawn, or why it draws no child. */
function variantEntry(parentLength: number, letter: string, preview: VariantPreview | undefined): StripEntry {
  if (preview === undefined || preview.status === 'loading') return { key: letter, label: letter, column: null, note: 'planning…' };
  if (preview.status === 'error') return { key: letter, label: letter, column: null, note: preview.message };
  const { plan } = preview.preview;
  const why = noChildReason(plan);
  if (why !== null) return { key: letter, label: letter, column: null, note: why };
  return { key: letter, label: letter, column: stripColumn(parentLength, { parent: plan.parent, request: stripSources(preview.messages), cache: plan.cache }) };
}

/** Compare's variants as one strip each beside the parent: which kept what, in a second. */
export function VariantStrip({ parentLength, classifications, setup, letters, previews }: VariantStripProps) {
  const marks = useMemo(() => stripMarks(classifications), [classifications]);
  const entries = useMemo(
    () =>
      setup.variants.map((variant, index) => ({
        ...variantEntry(parentLength, letters[index]!, previews.get(variant.id)),
        caption: runtimeOf(variant.policy).label,
      })),
    [setup, letters, previews, parentLength],
  );
  return <InheritanceStrip parentLength={parentLength} marks={marks} entries={entries} />;
}
