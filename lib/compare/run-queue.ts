/**
 * Jobs run at most `concurrency` at a time, in the order they were queued. A queued job can be
 * taken back before it starts; once disposed, the queue starts nothing more (what already runs
 * finishes on its own).
 */
export class RunQueue<T> {
  readonly #waiting: T[] = [];
  #running = 0;
  #disposed = false;

  constructor(
    readonly concurrency: number,
    private readonly run: (item: T) => Promise<void>,
  ) {}

  /** Queue items (each once: one already waiting is not queued again) and start what fits. */
  push(...items: T[]): void {
    for (const item of items) if (!this.#waiting.includes(item)) this.#waiting.push(item);
    this.#pump();
  }

  /** Take a waiting item back; false when it is not waiting (it runs, ran, or never was queued). */
  remove(item: T): boolean {
    const at = this.#waiting.indexOf(item);
    if (at < 0) return false;
    this.#waiting.splice(at, 1);
    return true;
  }

  has(item: T): boolean {
    return this.#waiting.includes(item);
  }

  get running(): number {
    return this.#running;
  }

  /** Start nothing more; the items that were still waiting. */
  dispose(): T[] {
    this.#disposed = true;
    return this.#waiting.splice(0);
  }

  #pump(): void {
    while (!this.#disposed && this.#running < this.concurrency && this.#waiting.length > 0) {
      const item = this.#waiting.shift()!;
      this.#running += 1;
      void this.run(item)
        .catch(() => undefined)
        .finally(() => {
          this.#running -= 1;
          this.#pump();
        });
    }
  }
}
