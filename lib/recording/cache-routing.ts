import { cacheControlTtls } from '@/lib/wire/anthropic-messages/cache-control';
import { metadataSession } from '@/lib/wire/anthropic-messages/metadata';
import { OPENAI_RETENTION_FIELD, OPENAI_ROUTING_FIELDS } from '@/lib/wire/openai-cache-routing';

/** One routing value as the parent's request and the child's first one carried it (null: not sent). */
export interface RoutedValue {
  /** Where it is carried: a body field (`prompt_cache_key`) or a header (`x-claude-code-session-id`). */
  name: string;
  parent: string | null;
  child: string | null;
}

/** How a value fared from the parent's request to the child's: kept, changed, dropped or added. */
export type RoutingChange = 'kept' | 'changed' | 'dropped' | 'added';

export interface CacheRouting {
  /**
   * The body fields and headers that name a session, a thread or a cache key, in each request.
   * A provider that routes by one (OpenAI and Moonshot by `prompt_cache_key`) sends a child with a
   * changed key to a machine that may not hold the parent's prefix.
   */
  values: RoutedValue[];
  /** Anthropic's cache lifetimes, each breakpoint's (`5m` where `cache_control` names none), in its cache order. */
  ttls: { parent: string[]; child: string[] };
  /** OpenAI's `prompt_cache_retention` (`in_memory`, `24h`), when sent. */
  retention: { parent: string | null; child: string | null };
}

// A header that names whose request this is. Per-request ids (`x-client-request-id`,
// `x-stainless-retry-count`) and metadata that names the turn are not routing: they differ on
// every request, parent's or child's.
const ROUTING_HEADER = /session|thread|conversation|agent-id/i;
const PER_REQUEST_HEADER = /request-id|retry-count|turn-metadata|trace|span/i;

function fieldText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function headersNamed(headers: Readonly<Record<string, string>>): Map<string, string> {
  const named = new Map<string, string>();
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (ROUTING_HEADER.test(lower) && !PER_REQUEST_HEADER.test(lower)) named.set(lower, value);
  }
  return named;
}

/** What the parent's request and the child's first request each carried that routes a cache or names a session. */
export function cacheRouting(
  parent: { body: Record<string, unknown>; headers: Readonly<Record<string, string>> },
  child: { body: Record<string, unknown>; headers: Readonly<Record<string, string>> },
): CacheRouting {
  const values: RoutedValue[] = [];
  for (const field of OPENAI_ROUTING_FIELDS) {
    const pair = { name: field, parent: fieldText(parent.body[field]), child: fieldText(child.body[field]) };
    if (pair.parent !== null || pair.child !== null) values.push(pair);
  }
  const sessions = { name: 'metadata.user_id', parent: metadataSession(parent.body), child: metadataSession(child.body) };
  if (sessions.parent !== null || sessions.child !== null) values.push(sessions);
  const before = headersNamed(parent.headers);
  const after = headersNamed(child.headers);
  for (const name of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    values.push({ name, parent: before.get(name) ?? null, child: after.get(name) ?? null });
  }
  return {
    values,
    ttls: { parent: cacheControlTtls(parent.body), child: cacheControlTtls(child.body) },
    retention: { parent: fieldText(parent.body[OPENAI_RETENTION_FIELD]), child: fieldText(child.body[OPENAI_RETENTION_FIELD]) },
  };
}

export function routingChange({ parent, child }: RoutedValue): RoutingChange {
  if (parent === child) return 'kept';
  if (parent === null) return 'added';
  if (child === null) return 'dropped';
  return 'changed';
}
