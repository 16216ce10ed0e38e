/**
 * A test's capture session name: its title made safe, then its Playwright id's last twenty letters
 * and digits (the id is `<file hash>-<test hash>`, and the test's own hash is what sets two tests of
 * one file apart, a parametrised title's repeats too). Always a name the endpoint takes.
 */
export function sessionNameFor(title: string, testId: string): string {
  const words = title.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${words.slice(0, 40)}-${testId.replace(/[^A-Za-z0-9]/g, '').slice(-20)}`.replace(/^-/, '');
}
