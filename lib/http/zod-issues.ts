import type { z } from 'zod';
import { formatIssuePath } from '@/lib/fork';
import type { HttpIssue } from './http-error';

/** A zod error's issues as the API reports them, each at its path (`messages[3].content`). */
export function zodIssues(error: z.ZodError, pathPrefix: readonly PropertyKey[] = []): HttpIssue[] {
  return error.issues.map((issue) => ({ path: formatIssuePath([...pathPrefix, ...issue.path]), message: issue.message }));
}
