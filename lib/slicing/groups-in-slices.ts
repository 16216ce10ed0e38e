import { yieldToEventLoop } from './yield-to-event-loop';

/**
 * The parts joined into groups of about `groupChars` characters, with a turn of the event loop
 * after each group is taken: whatever the caller does with a group (encode it, wrap it in a Blob)
 * is one bounded task, not one task the size of the whole input.
 */
export async function* groupsInSlices(parts: readonly string[], groupChars: number): AsyncGenerator<string> {
  let group: string[] = [];
  let groupLength = 0;
  for (const part of parts) {
    group.push(part);
    groupLength += part.length;
    if (groupLength >= groupChars) {
      yield group.join('');
      group = [];
      groupLength = 0;
      await yieldToEventLoop();
    }
  }
  if (group.length > 0) yield group.join('');
}
