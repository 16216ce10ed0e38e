import { countTokensHandler } from '@/lib/api/count-tokens-endpoint';

/** `POST /v1/messages/count_tokens` — see `lib/api/count-tokens-endpoint.ts`. */
export const POST = countTokensHandler();
