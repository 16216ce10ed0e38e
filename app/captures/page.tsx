import type { Metadata } from 'next';
import { CapturesView } from '@/components/captures/captures-view';

export const metadata: Metadata = { title: 'Captured traffic · Fork Lab' };

/** `/captures`: what runtimes pointed at Fork Lab sent, and their forks checked against the rules. */
export default function CapturesPage() {
  return <CapturesView />;
}
