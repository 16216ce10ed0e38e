import type { ForkPolicy } from '@/lib/fork';
import type { ProviderId } from '@/lib/provider-cache/provider-rules';
import { RUNTIME_DRIVERS, type RuntimeDriver } from './drivers';
import type { InstalledRuntime } from './install-runtime';
import { RUNTIME_PINS } from './runtime-pins';

/** A runtime a verify run drives: a shipped one Fork Lab installed, or one a driver file brings. */
export interface RuntimeUnderTest {
  name: string;
  version: string;
  origin: InstalledRuntime['origin'] | 'driver';
  /** What runs before the driver's arguments for a turn. */
  command: readonly string[];
  /** Put first on the runtime's PATH (the folder whose Node it runs on). */
  pathFirst?: string;
  driver: RuntimeDriver;
  /** The shipped runtime whose scenarios it plays (the registry's `shippedAs`): their prompts ask for what its Agent tool takes. */
  plays: string;
  /** The provider whose cache and prices a fork's reuse is read by. */
  provider: ProviderId;
  /**
   * The rules it claims, by which its traffic is read whatever its user agent says. None for a
   * shipped runtime: its traffic announces its release, and the check reads that release's rules.
   */
  rules?: { policy: ForkPolicy; release?: string };
}

/** A shipped runtime as verify drives it: its own driver, scenarios and provider. */
export function shippedRuntime(installed: InstalledRuntime): RuntimeUnderTest {
  return { ...installed, driver: RUNTIME_DRIVERS[installed.name], plays: installed.name, provider: RUNTIME_PINS[installed.name].provider };
}

/** `claude-code@0.24`-style: the rules a runtime claims, as a matrix names them. */
export function rulesName(rules: NonNullable<RuntimeUnderTest['rules']>): string {
  return rules.release === undefined ? rules.policy : `${rules.policy}@${rules.release}`;
}
