/**
 * Body fields of OpenAI's Chat Completions and Responses that route a request to a cache or name
 * whose it is: `prompt_cache_key` (OpenAI and Moonshot route by it), `safety_identifier` and the
 * older `user`.
 */
export const OPENAI_ROUTING_FIELDS = ['prompt_cache_key', 'safety_identifier', 'user'] as const;

/** How long OpenAI keeps a prefix, when the request says (`in_memory`, `24h`). */
export const OPENAI_RETENTION_FIELD = 'prompt_cache_retention';
