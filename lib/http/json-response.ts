/** Headers every API answer carries, streamed or not: never cached, never sniffed as another type. */
export const API_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } as const;

/** A JSON response with the security headers every API answer carries. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...API_HEADERS },
  });
}
