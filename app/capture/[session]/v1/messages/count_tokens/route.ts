import { countTokensHandler } from '@/lib/api/count-tokens-endpoint';

/** `POST /capture/<session>/v1/messages/count_tokens` — as `/v1/messages/count_tokens` (a count is not captured). */
export const POST = countTokensHandler();
