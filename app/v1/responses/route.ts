import { captureStore } from '@/lib/recording/capture-manager';
import { recordingHandler } from '@/lib/recording/recording-endpoint';

/** `POST /v1/responses` — Fork Lab as a recording model endpoint; see `lib/recording/recording-endpoint.ts`. */
export const POST = recordingHandler('openai-responses', { store: captureStore });
