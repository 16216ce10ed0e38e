import { yieldToEventLoop } from '@/lib/slicing/yield-to-event-loop';

/** Array items stringified between two turns of the event loop: a few milliseconds of work for typical messages. */
export const ITEMS_PER_SLICE = 400;

/**
 * `items` as JSON arrays of {@link ITEMS_PER_SLICE} items each, in order, giving the event loop a
 * turn after each: a 50 MB history is written (to IndexedDB, to a request body) without one long stall.
 */
export async function* jsonSlices(items: readonly unknown[]): AsyncGenerator<string> {
  for (let start = 0; start < items.length; start += ITEMS_PER_SLICE) {
    yield JSON.stringify(items.slice(start, start + ITEMS_PER_SLICE));
    await yieldToEventLoop();
  }
}
