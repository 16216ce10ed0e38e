import type { Metadata } from 'next';
import { RuntimeMatrixView } from '@/components/runtimes/runtime-matrix-view';
import { shownMatrix } from '@/lib/runtime-matrix/latest-matrix';
import { dataDirectory } from '@/lib/sqlite/open-database';

export const metadata: Metadata = { title: 'Runtime matrix · Fork Lab' };

/** Read on each request: a verify run writes a new matrix while the app runs. */
export const dynamic = 'force-dynamic';

/** `/runtimes`: the newest `fork-lab verify` matrix run here (else the one the repository ships), each cell with its first difference and its forks. */
export default function RuntimesPage() {
  return <RuntimeMatrixView shown={shownMatrix(dataDirectory())} />;
}
