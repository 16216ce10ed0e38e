/**
 * The lines of a newline-delimited JSON body, as text, in order; blank lines are skipped. A line may
 * be megabytes long: chunks are kept in a list and only the newest is searched for the line's end,
 * so reading stays linear in the body's size however the chunks fall.
 */
export async function* ndjsonLines(body: ReadableStream<Uint8Array<ArrayBuffer>>): AsyncGenerator<string> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let pending: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      let rest = value;
      for (let newline = rest.indexOf('\n'); newline !== -1; newline = rest.indexOf('\n')) {
        pending.push(rest.slice(0, newline));
        const line = pending.join('');
        pending = [];
        rest = rest.slice(newline + 1);
        if (line.trim() !== '') yield line;
      }
      if (rest !== '') pending.push(rest);
    }
    const last = pending.join('');
    if (last.trim() !== '') yield last;
  } finally {
    reader.releaseLock();
  }
}
