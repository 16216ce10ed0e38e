/*
 * A capture session: a name a test (or a person) gives its runtime's traffic so that it can list
 * and clear that traffic alone, whatever else reaches the same Fork Lab. A runtime takes nothing
 * but a base URL, so the name travels in the URL's path (`/capture/<name>/v1/...`); a client that
 * can set headers may send `x-fork-lab-capture` instead.
 */

/** The path prefix a session's base URL starts with: `<origin>/capture/<name>`. */
export const CAPTURE_SESSION_PREFIX = '/capture/';

/** The header that names a session instead of the path. */
export const CAPTURE_SESSION_HEADER = 'x-fork-lab-capture';

const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** What a session name may be, said where one is refused. */
export const CAPTURE_SESSION_RULE = '1 to 64 letters, digits, dashes or underscores';

export class CaptureSessionError extends Error {
  override readonly name = 'CaptureSessionError';
}

/** A session name as given, or the error that says what a name may be. */
export function captureSessionName(value: string): string {
  if (!NAME.test(value)) throw new CaptureSessionError(`A capture session is ${CAPTURE_SESSION_RULE}; got "${value.slice(0, 80)}".`);
  return value;
}

/** A path segment as typed: a stray `%` (`/capture/%E0/`) is a name that cannot be, said as one, not a server error. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new CaptureSessionError(`A capture session is ${CAPTURE_SESSION_RULE}; got "${segment.slice(0, 80)}".`);
  }
}

/**
 * The session a model request belongs to: named in its path, else in the header, else none (the
 * traffic of no session, which the unfiltered listing shows with every other). A path and a header
 * that disagree are refused: the runtime's traffic would be filed under one of two names.
 */
export function captureSessionOf(request: Request): string | null {
  const { pathname } = new URL(request.url);
  const inPath = pathname.startsWith(CAPTURE_SESSION_PREFIX) ? decodedSegment(pathname.slice(CAPTURE_SESSION_PREFIX.length).split('/')[0]!) : null;
  const inHeader = request.headers.get(CAPTURE_SESSION_HEADER);
  if (inPath !== null && inHeader !== null && inPath !== inHeader) {
    throw new CaptureSessionError(`The path names capture session "${inPath.slice(0, 64)}" and ${CAPTURE_SESSION_HEADER} names "${inHeader.slice(0, 64)}".`);
  }
  const name = inPath ?? inHeader;
  return name === null ? null : captureSessionName(name);
}

/** A path under a session's prefix as the routes without one name it (`/capture/t1/v1/messages` → `/v1/messages`). */
export function withoutCaptureSession(pathname: string): string {
  if (!pathname.startsWith(CAPTURE_SESSION_PREFIX)) return pathname;
  const rest = pathname.slice(CAPTURE_SESSION_PREFIX.length);
  const slash = rest.indexOf('/');
  return slash === -1 ? '/' : rest.slice(slash);
}

/** The origin a runtime of a session is pointed at: the app's origin, with the session's prefix when there is one. */
export function captureOrigin(origin: string, session: string | null): string {
  return session === null ? origin : `${origin}${CAPTURE_SESSION_PREFIX}${encodeURIComponent(session)}`;
}
