import { countTokensHandler } from '@/lib/recording/count-tokens-endpoint';

/** `POST /v1/messages/count_tokens` — see `lib/recording/count-tokens-endpoint.ts`. */
export const POST = countTokensHandler();
