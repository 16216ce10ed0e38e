import { isRecord } from '@/lib/json/is-record';

/** `metadata.user_id` as sent, when it is a non-empty string. */
export function metadataUserId(body: Record<string, unknown>): string | null {
  const metadata = body.metadata;
  return isRecord(metadata) && typeof metadata.user_id === 'string' && metadata.user_id !== '' ? metadata.user_id : null;
}

/**
 * The session a body's metadata names: Claude Code's `metadata.user_id` holds a JSON object with a
 * `session_id`; a plain user id is itself the value; a `metadata.session_id` where there is none.
 */
export function metadataSession(body: Record<string, unknown>): string | null {
  const metadata = body.metadata;
  if (!isRecord(metadata)) return null;
  const user = metadata.user_id;
  if (typeof user !== 'string') {
    const session = metadata.session_id;
    return session === undefined || session === null ? null : typeof session === 'string' ? session : JSON.stringify(session);
  }
  try {
    const parsed: unknown = JSON.parse(user);
    if (isRecord(parsed) && typeof parsed.session_id === 'string') return parsed.session_id;
  } catch {
    // A plain user id, not Claude Code's JSON: it is the value.
  }
  return user;
}
