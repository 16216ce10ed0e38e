import { runtimeBundleHandler } from '@/lib/api/runtimes-endpoint';

/** `GET /api/runtimes/bundle` — a fork a matrix cell saw, as a bundle; see `lib/api/runtimes-endpoint.ts`. */
export const GET = runtimeBundleHandler();
