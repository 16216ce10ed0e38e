import { type HttpErrorBody, httpErrorBodySchema } from './http-error';

export type HttpErrorAnswer = HttpErrorBody['error'];

/**
 * The error a refused API request answers with, read the one way every client reads it. A body that
 * is not the API's error shape (a proxy's page, a cut connection) becomes one saying what the server
 * answered, so a caller always has a code and a message to show.
 */
export async function readErrorResponse(response: Response): Promise<HttpErrorAnswer> {
  const body = httpErrorBodySchema.safeParse(await response.json().catch(() => null));
  return body.success ? body.data.error : { code: 'unreadable-answer', message: `The server answered ${response.status}.` };
}

/**
 * One line for a person: each shape problem at its path and each parameter the runtime rejects,
 * which say more than the summary; the summary when there are none.
 */
export function describeHttpError(error: HttpErrorAnswer): string {
  const problems = [
    ...(error.issues ?? []).map((issue) => `${issue.path || '(root)'}: ${issue.message}`),
    ...(error.errors ?? []).map((item) => `${item.parameter}: ${item.message}`),
  ];
  return problems.length === 0 ? error.message : problems.join('; ');
}
