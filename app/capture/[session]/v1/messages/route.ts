import { onlyPost } from '@/lib/api/model-list-endpoint';
import { recordingHandler } from '@/lib/api/recording-endpoint';
import { captureStore } from '@/lib/recording/capture-manager';

/** `POST /capture/<session>/v1/messages` — `/v1/messages` with its traffic filed under a capture session; see `lib/recording/capture-session.ts`. */
export const POST = recordingHandler('anthropic-messages', { store: captureStore });

/** Any other method is refused in the provider's shape, with `allow: POST`. */
export const GET = onlyPost('anthropic-messages');
