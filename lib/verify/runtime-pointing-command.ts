import type { RuntimePointing } from './drivers/runtime-driver';

/* Pure, so the page that shows the line can write it in the browser with the origin it was reached at. */

/** What the server writes where the origin goes: the page fills in the one the browser reached it at. */
export const ORIGIN_PLACEHOLDER = 'http://fork-lab.origin.invalid';

const SAFE = /^[A-Za-z0-9_./:@=+-]+$/;

/** A word as a POSIX shell reads it back: bare when it can be, else in single quotes. */
export function shellWord(word: string): string {
  return SAFE.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The one line a person pastes: the variables, then the command, the prompt where `PROMPT` stands. */
export function pointingCommand(pointing: RuntimePointing, prompt: string): string {
  const env = Object.entries(pointing.env).map(([name, value]) => `${name}=${shellWord(value)}`);
  return [...env, ...pointing.command.map((word) => shellWord(word === 'PROMPT' ? prompt : word))].join(' ');
}
