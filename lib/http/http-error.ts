import { z } from 'zod';
import { jsonResponse } from './json-response';

const issueSchema = z.strictObject({
  // One path format everywhere (`messages[3].content`), so a script can point at the value; a
  // dotted index (`messages.3`) is the other format that once leaked out, and is refused here.
  path: z.string().refine((path) => !/(^|\.)\d+(\.|\[|$)/.test(path), 'array indexes are written messages[3], not messages.3'),
  message: z.string().min(1),
});

const parameterErrorSchema = z.strictObject({
  parameter: z.string().min(1),
  code: z.string().min(1),
  /** The runtime's own words, as its model reads them. */
  message: z.string().min(1),
  /** Fork Lab's note for people beside them (the value sent, what is allowed); never sent to a model. */
  explanation: z.string().min(1).optional(),
});

/** The one body every API error answers with, whatever the endpoint. */
export const httpErrorBodySchema = z.strictObject({
  error: z.strictObject({
    /** Stable and kebab-case, for scripts and tests; the message is for people. */
    code: z.string().regex(/^[a-z]+(-[a-z]+)*$/, 'an error code is kebab-case'),
    message: z.string().min(1),
    /** Shape problems, each at the path to the offending value. */
    issues: z.array(issueSchema).min(1).optional(),
    /** The runtime's own parameter errors (a fork request it rejects). */
    errors: z.array(parameterErrorSchema).min(1).optional(),
    /** 1-based line of the input the problem is on. */
    line: z.number().int().positive().optional(),
    /** Field path of the input the problem is at. */
    field: z.string().optional(),
    /** The formats an ambiguous import could be. */
    candidates: z
      .array(z.strictObject({ id: z.string().min(1), label: z.string().min(1) }))
      .min(1)
      .optional(),
    /** The limit a 413 body crossed. */
    limitBytes: z.number().int().positive().optional(),
  }),
});

export type HttpErrorBody = z.infer<typeof httpErrorBodySchema>;
export type HttpErrorDetails = Omit<HttpErrorBody['error'], 'code' | 'message'>;
export type HttpIssue = NonNullable<HttpErrorDetails['issues']>[number];

/** Every status an API error answers with. */
export type HttpErrorStatus = 400 | 403 | 404 | 409 | 413 | 415 | 422 | 500 | 502;

/** Codes the shared HTTP layer answers with by itself, whatever the endpoint. */
export const HTTP_ERROR_CODES = ['invalid-json', 'unsupported-media-type', 'too-large', 'invalid-request', 'internal'] as const;

/**
 * A request refused, with the status and body to answer it with. Endpoints throw it; the one
 * handler ({@link errorResponse}) turns it into the one error body. `Code` narrows the codes an
 * endpoint that declares its list (the importer's) may send.
 */
export class HttpError<Code extends string = string> extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: HttpErrorStatus,
    readonly code: Code,
    message: string,
    readonly details: HttpErrorDetails = {},
  ) {
    super(message);
  }

  get body(): HttpErrorBody & { error: { code: Code } } {
    return { error: { code: this.code, message: this.message, ...this.details } };
  }
}

/** A body that does not have the endpoint's shape: 400 with each issue's path. */
export function invalidRequest(message: string, issues: readonly HttpIssue[]): HttpError<'invalid-request'> {
  return new HttpError(400, 'invalid-request', message, { issues: [...issues] });
}

/**
 * The error for an exception nobody expected. Its own message never reaches the client (it may
 * hold paths, keys or provider answers); the person reads what failed and that nothing changed.
 */
export function internalError(failedTo: string): HttpError<'internal'> {
  return new HttpError(500, 'internal', `Fork Lab could not ${failedTo}: an internal error. Nothing was saved or changed.`);
}

/** The HTTP error a thrown value answers as: itself, or a 500 that says only what failed. */
export function toHttpError(error: unknown, failedTo: string): HttpError {
  return error instanceof HttpError ? error : internalError(failedTo);
}

/** The response for a thrown value, in the one error shape. */
export function errorResponse(error: unknown, failedTo = 'answer this request'): Response {
  const known = toHttpError(error, failedTo);
  return jsonResponse(known.body, known.status);
}

/**
 * An endpoint whose thrown errors answer in the one error shape: it throws {@link HttpError} for a
 * request it refuses, and anything else answers 500 saying only that it could not `failedTo`.
 */
export function answeringErrors<Args extends unknown[]>(failedTo: string, answer: (...args: Args) => Promise<Response>): (...args: Args) => Promise<Response> {
  return async (...args) => {
    try {
      return await answer(...args);
    } catch (error) {
      return errorResponse(error, failedTo);
    }
  };
}
