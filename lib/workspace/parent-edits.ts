import { type ModelMessage, type ParentTranscript, parseTranscriptMessage, type TranscriptMessage, TranscriptValidationError } from '@/lib/fork';

/** An edit that would leave the parent invalid; nothing is changed. */
export class ParentEditError extends Error {
  override readonly name = 'ParentEditError';
}

/**
 * The edited message, validated. Only it: the rest of the parent was valid and is kept as it is
 * (the same frozen objects), so an edit to a 50 MB parent checks one message, not all of them.
 */
function checked(entry: TranscriptMessage, index: number): TranscriptMessage {
  try {
    return parseTranscriptMessage(entry, `messages[${index}]`);
  } catch (error) {
    if (error instanceof TranscriptValidationError) throw new ParentEditError(error.message);
    throw error;
  }
}

function inRange(transcript: ParentTranscript, index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= transcript.messages.length) {
    throw new ParentEditError(`There is no message #${index}: the parent has messages #0 to #${transcript.messages.length - 1}.`);
  }
}

/** An id not used in the transcript yet. */
export function freshMessageId(transcript: ParentTranscript, prefix = 'm'): string {
  const used = new Set(transcript.messages.map((entry) => entry.id));
  let number = transcript.messages.length + 1;
  while (used.has(`${prefix}${number}`)) number += 1;
  return `${prefix}${number}`;
}

/** The parent with one more message at the end. */
export function appendMessage(transcript: ParentTranscript, message: ModelMessage): ParentTranscript {
  const entry = checked({ id: freshMessageId(transcript), message }, transcript.messages.length);
  return { ...transcript, messages: [...transcript.messages, entry] };
}

/** The parent with message `index` replaced (its id and metadata kept). */
export function replaceMessage(transcript: ParentTranscript, index: number, message: ModelMessage): ParentTranscript {
  inRange(transcript, index);
  const messages = transcript.messages.slice();
  // The id is kept, so ids stay unique.
  messages[index] = checked({ ...messages[index]!, message }, index);
  return { ...transcript, messages };
}

/** The parent without message `index`. */
export function deleteMessage(transcript: ParentTranscript, index: number): ParentTranscript {
  inRange(transcript, index);
  return { ...transcript, messages: transcript.messages.filter((_, position) => position !== index) };
}
