/**
 * Let everything else waiting run before going on: a server streams progress and answers other
 * requests mid-import, a page paints and takes input mid-way through a long job. A macrotask, not
 * a microtask: awaiting a resolved promise would go on in the same task and yield nothing.
 * `scheduler.yield()` where the browser has it (it resumes ahead of other tasks, so a job is not
 * starved); `setImmediate` in Node, a full turn of the event loop (timers, I/O, other requests)
 * that costs microseconds, where a zero timeout waits at least a millisecond: hashing an 8.5 MB
 * parent yielded 38 times and spent 40 ms of its 90 waiting; a zero timeout elsewhere.
 */
export function yieldToEventLoop(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof globalThis.setImmediate === 'function') return new Promise((resolve) => globalThis.setImmediate(resolve));
  return new Promise((resolve) => setTimeout(resolve, 0));
}
