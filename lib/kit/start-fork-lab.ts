import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { captureSessionName } from '@/lib/recording/capture-session';
import { startRecordingServer } from '@/lib/verify/recording-server';
import { ForkLabSession } from './fork-lab-session';

/** A Fork Lab recording endpoint running in this process, for a runtime's tests. */
export interface ForkLab {
  /** `http://127.0.0.1:<port>`; a session's base URLs are under it. */
  readonly origin: string;
  /**
   * A capture session: its own base URL, its own traffic. Named as given (1 to 64 letters, digits,
   * dashes or underscores: a test's title made safe, say), else a fresh random name.
   */
  session(name?: string): ForkLabSession;
  /** Stops the endpoint and, unless it was given one, removes its data folder. */
  close(): Promise<void>;
}

export interface ForkLabOptions {
  /** Where its capture store lives; a fresh temporary folder, removed on close, when not given. */
  dataDir?: string;
}

/**
 * Starts a recording endpoint on a free port of 127.0.0.1, with a capture store of its own and the
 * offline model answering: nothing a runtime sends leaves the machine, whatever the environment says.
 */
export async function startForkLab(options: ForkLabOptions = {}): Promise<ForkLab> {
  const owned = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'fork-lab-kit-'));
  let server: Awaited<ReturnType<typeof startRecordingServer>>;
  try {
    server = await startRecordingServer(dataDir);
  } catch (error) {
    if (owned) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    origin: server.origin,
    session(name) {
      const chosen = captureSessionName(name ?? `s-${randomBytes(6).toString('hex')}`);
      return new ForkLabSession(server.origin, chosen, () => server.store.list(1000, 256 * 1024 * 1024, chosen));
    },
    async close() {
      try {
        await server.close();
      } finally {
        if (owned) rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
