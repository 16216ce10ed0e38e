/** A test title as a capture session name: what the rule allows, made unique by the test's id. */
export function sessionNameFor(title: string, testId: string): string {
  const words = title.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${words.slice(0, 40)}-${testId.replace(/[^A-Za-z0-9]/g, '').slice(0, 20)}`.replace(/^-/, '');
}
