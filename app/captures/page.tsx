import type { Metadata } from 'next';
import { CapturesView } from '@/components/captures/captures-view';
import { pointedRuntimes } from '@/lib/verify/runtime-pointing';
import { ORIGIN_PLACEHOLDER } from '@/lib/verify/runtime-pointing-command';

export const metadata: Metadata = { title: 'Captured traffic · Fork Lab' };

/** `/captures`: where to point a runtime, what runtimes pointed at Fork Lab sent, and their forks checked against the rules. */
export default function CapturesPage() {
  return <CapturesView runtimes={pointedRuntimes(ORIGIN_PLACEHOLDER)} />;
}
