/** One problem with an input, at the path to the offending value. */
export interface InputIssue {
  /** e.g. `messages[3].message.content[0].type`; empty for the whole input. */
  path: string;
  message: string;
}

function describeIssues(what: string, issues: readonly InputIssue[]): string {
  return `Invalid ${what}: ${issues
    .slice(0, 5)
    .map((issue) => `${issue.path || '(root)'}: ${issue.message}`)
    .join('; ')}${issues.length > 5 ? `; and ${issues.length - 5} more` : ''}`;
}

/** A transcript that does not have the shape Fork Lab reads. */
export class TranscriptValidationError extends Error {
  override readonly name = 'TranscriptValidationError';

  constructor(readonly issues: readonly InputIssue[]) {
    super(describeIssues('transcript', issues));
  }
}

/** A fork request whose shape is wrong (unknown policy, misspelled parameter, …). */
export class ForkRequestValidationError extends Error {
  override readonly name = 'ForkRequestValidationError';

  constructor(readonly issues: readonly InputIssue[]) {
    super(describeIssues('fork request', issues));
  }
}

/** A fork run that cannot be revived because its launch was never recorded. */
export class BootstrapMissingError extends Error {
  override readonly name = 'BootstrapMissingError';

  constructor(readonly childId: string) {
    super(
      `Cannot revive fork ${childId}: the bootstrap transcript is missing. Only a fork whose launch wrote a bootstrap record (its initial messages, system instruction, tools and task prompt) can be revived.`,
    );
  }
}
