/**
 * Let everything else waiting run before going on: a server streams progress and answers other
 * requests mid-import, a page paints and takes input mid-way through a long job. A macrotask, not
 * a microtask: awaiting a resolved promise would go on in the same task and yield nothing.
 * `scheduler.yield()` where the browser has it (it resumes ahead of other tasks, so a job is not
 * starved), a zero timeout elsewhere.
 */
export function yieldToEventLoop(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
