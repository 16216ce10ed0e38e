import { RUNTIME_DRIVERS } from './drivers';
import type { RuntimePointing } from './drivers/runtime-driver';
import { DRIVEN_RUNTIMES, RUNTIME_PINS } from './runtime-pins';

/** A runtime Fork Lab drives, pointed at an origin by hand: what `/captures` shows under its name. */
export interface PointedRuntime extends RuntimePointing {
  runtime: string;
  release: string;
}

/**
 * Each driven runtime pointed at `origin`, at the release the matrix checks: the same drivers
 * `fork-lab verify` starts them with, so what a person copies is what runs in CI. The origin may be
 * a placeholder the page fills in with the port the app really answers on.
 */
export function pointedRuntimes(origin: string): PointedRuntime[] {
  return DRIVEN_RUNTIMES.map((runtime) => ({
    runtime,
    release: `${RUNTIME_PINS[runtime].package}@${RUNTIME_PINS[runtime].version}`,
    ...RUNTIME_DRIVERS[runtime].pointing(origin),
  }));
}
