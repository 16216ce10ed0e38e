import { capturedTimelineHandler } from '@/lib/api/captured-timeline-endpoint';
import { captureStore } from '@/lib/recording/capture-manager';

export const dynamic = 'force-dynamic';

/** `GET /api/captures/timeline` — captured traffic's cache timeline; see `lib/api/captured-timeline-endpoint.ts`. */
export const GET = capturedTimelineHandler(captureStore);
