import { PIECE_CHARS } from './text-pieces';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * How often one counting job (a parent's registration, a preview's counts) lets the event loop
 * run. Counting is synchronous per piece, so without pauses a large parent holds every other
 * request until it is done. The job pauses before a piece that would take it past
 * {@link PIECE_CHARS} characters since its last pause, so between pauses it counts at most that
 * much, or one piece when a piece is longer (at most {@link PIECE_CHARS} plus one pre-token).
 *
 * A pause is one `setImmediate`, so every pause is a full event-loop turn (timers, I/O, other
 * requests) and costs microseconds, while the counting between pauses stays under about 50 ms even
 * on the slowest text (every pre-token byte-pair merged, 5 to 10 µs a character here).
 */
export class CountingPace {
  #sincePause = 0;
  #counted = 0;

  /** `signal`: the job is abandoned (its request closed); counting stops at the next pause. */
  constructor(private readonly signal?: AbortSignal) {}

  /** Characters counted under this pace so far. */
  get counted(): number {
    return this.#counted;
  }

  /** Call before counting `chars` characters; awaits an event-loop turn first when the budget is spent. */
  async before(chars: number): Promise<void> {
    if (this.#sincePause > 0 && this.#sincePause + chars > PIECE_CHARS) {
      this.#sincePause = 0;
      await nextTurn();
      this.signal?.throwIfAborted();
    }
    this.#sincePause += chars;
    this.#counted += chars;
  }
}
