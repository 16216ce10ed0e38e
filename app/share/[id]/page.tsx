import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { SharedCompare } from '@/components/compare/shared-compare';
import { readSnapshot } from '@/lib/share/share-service';
import { SNAPSHOT_ID_PATTERN } from '@/lib/share/share-snapshot';

export const metadata: Metadata = { title: 'Shared compare · Fork Lab' };

/** `/share/<id>`: a compare someone shared, read-only, in any browser. */
export default async function SharePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const snapshot = SNAPSHOT_ID_PATTERN.test(id) ? readSnapshot(id) : null;
  if (snapshot === null) notFound();
  return <SharedCompare id={id} snapshot={snapshot} />;
}
