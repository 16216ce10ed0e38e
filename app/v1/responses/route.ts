import { captureStore } from '@/lib/recording/capture-manager';
import { onlyPost } from '@/lib/recording/model-list-endpoint';
import { recordingHandler } from '@/lib/recording/recording-endpoint';

/** `POST /v1/responses` — Fork Lab as a recording model endpoint; see `lib/recording/recording-endpoint.ts`. */
export const POST = recordingHandler('openai-responses', { store: captureStore });

/** Any other method is refused in the provider's shape, with `allow: POST`. */
export const GET = onlyPost('openai-responses');
