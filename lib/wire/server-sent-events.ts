import { createParser } from 'eventsource-parser';

/**
 * The `data` of each server-sent event in a streamed answer, parsed as JSON; an event whose data is
 * not JSON (OpenAI's `[DONE]`) is left out. eventsource-parser reads the stream as the spec does:
 * CRLF lines, data split over several lines, comments.
 */
export function streamEventData(events: string): unknown[] {
  const data: unknown[] = [];
  const parser = createParser({
    onEvent: (event) => {
      try {
        data.push(JSON.parse(event.data));
      } catch {
        // Not JSON: no usage or content in it.
      }
    },
  });
  parser.feed(events);
  // A log may cut the stream without the blank line that ends its last event.
  parser.feed('\n\n');
  return data;
}

/** Server-sent events, one `data:` per event (and `event:` where the API names them). */
export function eventStream(events: readonly { event?: string; data: string }[]): Response {
  const body = events.map(({ event, data }) => `${event === undefined ? '' : `event: ${event}\n`}data: ${data}\n\n`).join('');
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
}

/** A body's JSON, or undefined when it is not JSON. */
export function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The `data` of each server-sent event in a streamed answer, parsed; null when the answer is one JSON document. */
export function streamedEvents(body: string): unknown[] | null {
  const start = body.trimStart();
  if (!(start.startsWith('data:') || start.startsWith('event:') || start.startsWith(':') || start.startsWith('id:'))) return null;
  return streamEventData(body);
}
