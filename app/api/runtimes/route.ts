import { runtimeMatrixHandler } from '@/lib/api/runtimes-endpoint';

/** `GET /api/runtimes` — the newest runtime matrix; see `lib/api/runtimes-endpoint.ts`. */
export const GET = runtimeMatrixHandler();
