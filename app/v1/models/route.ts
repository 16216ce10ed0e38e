import { modelListHandler } from '@/lib/recording/model-list-endpoint';

/** `GET /v1/models` — see `lib/recording/model-list-endpoint.ts`. */
export const GET = modelListHandler();
