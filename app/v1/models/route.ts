import { modelListHandler } from '@/lib/api/model-list-endpoint';

/** `GET /v1/models` — see `lib/api/model-list-endpoint.ts`. */
export const GET = modelListHandler();
