import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { runtimeOf, runtimeRuleNamed } from '@/lib/fork';
import { PROVIDER_IDS } from '@/lib/provider-cache/provider-rules';
import type { DriverFile } from './drivers';
import { isDrivenRuntime, RUNTIME_PINS } from './runtime-pins';
import type { RuntimeUnderTest } from './runtime-under-test';
import { SCENARIOS } from './scenarios';

/** A driver file that cannot be used, with what is wrong in it and what is allowed. */
export class DriverFileError extends Error {
  override readonly name = 'DriverFileError';
}

const fn = z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', 'a function');

const driverFileSchema = z.object({
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, '1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit'),
  // A path segment of the run's folders, as the name is.
  version: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/, '1 to 64 letters, digits, dots, pluses, dashes or underscores, starting with a letter or digit'),
  command: z.array(z.string().min(1)).min(1, 'the executable, at least'),
  homeFiles: fn.optional(),
  env: fn,
  args: fn,
  allTurns: fn.optional(),
  programTurns: z.boolean().optional(),
  resultArrives: z.enum(['as-call-result', 'as-message']),
  plantedRule: z.object({ settings: z.record(z.string(), z.unknown()), says: z.string() }).optional(),
  rules: z.string().optional(),
  provider: z.enum(PROVIDER_IDS).optional(),
});

/**
 * The runtime a driver file describes, checked by the rules it claims (`rules`, else its own
 * `rules` field): it plays the scenarios of the shipped runtime those rules belong to.
 */
export async function loadDriverFile(file: string, rules: string | undefined): Promise<RuntimeUnderTest> {
  const resolved = path.resolve(file);
  if (!existsSync(resolved)) throw new DriverFileError(`no file at ${resolved}`);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(resolved).href)) as Record<string, unknown>;
  } catch (error) {
    throw new DriverFileError(`${file} could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
  }
  const exported = module.default ?? module.driver;
  const parsed = driverFileSchema.safeParse(exported);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(the export)'}: ${issue.message}`).join('; ');
    throw new DriverFileError(
      `${file} must export (default, or as \`driver\`) { name, version, command, env(origin, home), args(prompt, continued), resultArrives, … }: ${issues}`,
    );
  }
  const driver = exported as DriverFile;
  const claimed = rules ?? driver.rules;
  if (claimed === undefined) throw new DriverFileError('name the rules the runtime claims: --rules <runtime>[@<release line>], or `rules` in the driver');
  const named = runtimeRuleNamed(claimed);
  // Said where the name was written: on the command line, or in the driver file's own `rules`.
  if ('error' in named) throw new DriverFileError(rules === undefined ? `${file}: its rules: ${named.error}` : `rules: ${named.error}`);
  // The scenarios of the runtime the rules are shipped in: a runtime folder of its own (added to the
  // registry in a clone, docs/adding-a-runtime.md) plays those written for it under its shipped name.
  const plays = runtimeOf(named.policy).shippedAs;
  if (!SCENARIOS.some((scenario) => scenario.turns[plays] !== undefined)) {
    throw new DriverFileError(`rules: no scenario has turns for ${plays}, the runtime ${named.policy} is shipped in; write them in lib/verify/scenarios.ts`);
  }
  const provider = driver.provider ?? (isDrivenRuntime(plays) ? RUNTIME_PINS[plays].provider : undefined);
  if (provider === undefined)
    throw new DriverFileError(`${file}: say \`provider\` (one of ${PROVIDER_IDS.join(', ')}): ${plays} has no pin to take its users' provider from`);
  return {
    name: driver.name,
    version: driver.version,
    origin: 'driver',
    command: driver.command,
    driver: { ...driver, homeFiles: driver.homeFiles ?? (() => ({})) },
    plays,
    provider,
    // One release for the whole run, the newest line when none is named: forks and refusals are read alike.
    rules: { policy: named.policy, release: named.release ?? runtimeOf(named.policy).versions[0]!.id },
  };
}
