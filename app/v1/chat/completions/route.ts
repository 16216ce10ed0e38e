import { onlyPost } from '@/lib/api/model-list-endpoint';
import { recordingHandler } from '@/lib/api/recording-endpoint';
import { captureStore } from '@/lib/recording/capture-manager';

/** `POST /v1/chat/completions` — Fork Lab as a recording model endpoint; see `lib/api/recording-endpoint.ts`. */
export const POST = recordingHandler('openai-chat', { store: captureStore });

/** Any other method is refused in the provider's shape, with `allow: POST`. */
export const GET = onlyPost('openai-chat');
