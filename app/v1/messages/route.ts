import { captureStore } from '@/lib/recording/capture-manager';
import { recordingHandler } from '@/lib/recording/recording-endpoint';

/** `POST /v1/messages` — Fork Lab as a recording model endpoint; see `lib/recording/recording-endpoint.ts`. */
export const POST = recordingHandler('anthropic-messages', { store: captureStore });
