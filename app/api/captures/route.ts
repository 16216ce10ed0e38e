import { capturesClearHandler, capturesListHandler } from '@/lib/api/captures-endpoint';
import { captureStore } from '@/lib/recording/capture-manager';

/** `GET /api/captures` — captured model traffic, its sessions and its checked forks; see `lib/api/captures-endpoint.ts`. */
export const GET = capturesListHandler(captureStore);

/** `DELETE /api/captures?session=<name>` (or `?all=true`) — forget captured traffic; see `lib/api/captures-endpoint.ts`. */
export const DELETE = capturesClearHandler(captureStore);
