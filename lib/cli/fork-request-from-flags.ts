import path from 'node:path';
import {
  type ForkPolicy,
  type ForkRequest,
  ForkRequestValidationError,
  parseForkRequest,
  projectFilesRead,
  RUNTIME_VERSION_FIELD,
  runtimeNamesHelp,
  runtimeOf,
  runtimeRuleNamed,
} from '@/lib/fork';
import { ProjectFolderError, projectFileReader } from '@/lib/recording/project-files';
import { CliUsageError } from './cli-usage-error';

export interface RequestFlags {
  runtime: string | undefined;
  /** `name=value` pairs, as typed. */
  params: readonly string[];
  directive: string | undefined;
  forkPoint: string | undefined;
  /** The folder the runtime runs in, whose files a call's rules read (Qwen's fork profiles). */
  project?: string | undefined;
}

/** What every command that takes a runtime says about naming one. */
export const RUNTIMES_HELP = `A runtime is named by its id or an alias: ${runtimeNamesHelp()}; <runtime>@<release line> picks one of its release lines (qwen-code@0.23).`;

/**
 * `--runtime <id or alias>[@<release line>]`: `qwen-fork-turns`, `qwen-code`, `qwen-code@0.23`. The
 * release must be one of the runtime's lines (its controls' release setting), said when it is not.
 */
export function runtimeRelease(value: string): { policy: ForkPolicy; release?: string } {
  const named = runtimeRuleNamed(value);
  if ('error' in named) throw new CliUsageError('--runtime', named.error);
  return named;
}

/**
 * The fork request a command line asks for, spelled as the playground's controls spell it: each
 * `--param name=value` is a field of the runtime's controls (its defaults fill the rest), so a new
 * runtime needs no CLI code. Values reach the runtime as typed; the runtime's own rules judge them.
 * A list field takes one value per `--param`, repeated (`--param items=a.ts --param items=b.ts`).
 */
export function forkRequestFromFlags(flags: RequestFlags): ForkRequest {
  if (flags.runtime === undefined) throw new CliUsageError('--runtime', `required; one of ${runtimeNamesHelp()}`);
  const { policy, release } = runtimeRelease(flags.runtime);
  const { controls } = runtimeOf(policy);
  const names = controls.fields.map((field) => field.name);
  const values: Record<string, string> = { ...controls.defaults };
  // A list field (Kimi's swarm items) takes one value per --param, in order.
  const lists = new Set(controls.fields.filter((field) => field.kind === 'lines').map((field) => field.name));
  const listed = new Set<string>();
  for (const pair of flags.params) {
    const at = pair.indexOf('=');
    const name = at < 0 ? pair : pair.slice(0, at);
    if (at < 0) throw new CliUsageError('--param', `"${pair}" is not name=value (for example ${names[0]}=…)`);
    if (!names.includes(name)) throw new CliUsageError('--param', `${policy} has no parameter "${name}"; it takes ${names.join(', ')}`);
    const value = pair.slice(at + 1);
    values[name] = lists.has(name) && listed.has(name) ? `${values[name]}\n${value}` : value;
    listed.add(name);
  }
  // A release named with the runtime is its release-line setting, as the controls spell it.
  if (release !== undefined) values[RUNTIME_VERSION_FIELD] = release;
  let forkPoint: number | undefined;
  if (flags.forkPoint !== undefined) {
    if (!/^\d+$/.test(flags.forkPoint)) throw new CliUsageError('--fork-point', `"${flags.forkPoint}" is not a message index (a whole number, 0 or more)`);
    forkPoint = Number(flags.forkPoint);
  }
  const request = controls.toRequest(values, { directive: flags.directive ?? '', ...(forkPoint === undefined ? {} : { forkPoint }) });
  let parsed: ForkRequest;
  try {
    parsed = parseForkRequest(request);
  } catch (error) {
    if (!(error instanceof ForkRequestValidationError)) throw error;
    throw new CliUsageError('--param', error.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '));
  }
  return flags.project === undefined ? parsed : withProjectFiles(parsed, flags.project);
}

/** The request with the files its rules read from the project, as the runtime would find them there. */
function withProjectFiles(request: ForkRequest, project: string): ForkRequest {
  const paths = projectFilesRead(request);
  if (paths.length === 0) return request;
  try {
    return { ...request, projectFiles: projectFileReader(path.resolve(project))(paths) };
  } catch (error) {
    if (error instanceof ProjectFolderError) throw new CliUsageError('--project', error.message);
    throw error;
  }
}
