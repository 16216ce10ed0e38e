export interface NdjsonWriter {
  /** Queue one event; resolves once the reader has room for more, so a fast writer never buffers a whole answer. */
  send(event: unknown): Promise<void>;
  /** Queue a line that is already JSON (without its newline). */
  sendJson(json: string): Promise<void>;
  /** The reader went away: whatever is still being produced is for nobody. */
  readonly cancelled: boolean;
}

/**
 * A newline-delimited JSON body written by `produce`. Writes wait while the reader is behind
 * (one queued line at a time), so a 50 MB answer streams in pieces instead of sitting whole in
 * memory, and a reader that hangs up stops the writer at its next write. Writes after a cancel
 * are dropped.
 */
export function ndjsonStream(produce: (writer: NdjsonWriter) => Promise<void>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cancelled = false;
  let wakeWriter: (() => void) | null = null;
  const wake = () => {
    wakeWriter?.();
    wakeWriter = null;
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const sendJson = async (json: string) => {
        if (cancelled) return;
        controller.enqueue(encoder.encode(`${json}\n`));
        if ((controller.desiredSize ?? 1) <= 0) await new Promise<void>((resolve) => (wakeWriter = resolve));
      };
      const writer: NdjsonWriter = {
        send: (event) => sendJson(JSON.stringify(event)),
        sendJson,
        get cancelled() {
          return cancelled;
        },
      };
      // Not awaited: start() must return for the reader to begin pulling. A writer that throws
      // ends the body with that error (the writer is expected to send its own error event first).
      void produce(writer).then(
        () => {
          if (!cancelled) controller.close();
        },
        (error: unknown) => {
          if (!cancelled) controller.error(error);
        },
      );
    },
    pull: wake,
    cancel() {
      cancelled = true;
      wake();
    },
  });
}
