/**
 * The runtime's own id for the session a request belongs to, where it sends one: OpenAI's
 * `prompt_cache_key` (or the older `user`), Anthropic's `metadata.user_id`, or a session header.
 * Null otherwise: those requests are grouped by prefix continuity when the traffic is checked.
 */
export function sessionKeyOf(body: unknown, headers: Headers): string | null {
  const header = [...headers].find(([name]) => /^(x-)?([a-z-]+-)?session[-_]?id$/i.test(name))?.[1];
  if (header) return `header:${header}`;
  if (typeof body !== 'object' || body === null) return null;
  const fields = body as { prompt_cache_key?: unknown; user?: unknown; metadata?: { user_id?: unknown } };
  if (typeof fields.prompt_cache_key === 'string' && fields.prompt_cache_key !== '') return `prompt_cache_key:${fields.prompt_cache_key}`;
  if (typeof fields.metadata?.user_id === 'string' && fields.metadata.user_id !== '') return `metadata.user_id:${fields.metadata.user_id}`;
  if (typeof fields.user === 'string' && fields.user !== '') return `user:${fields.user}`;
  return null;
}
