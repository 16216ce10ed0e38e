import { modelListHandler } from '@/lib/api/model-list-endpoint';

/** `GET /capture/<session>/v1/models` — as `/v1/models`, for a runtime that lists models at its base URL. */
export const GET = modelListHandler();
