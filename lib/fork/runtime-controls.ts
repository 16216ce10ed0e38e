import { DIRECTIVE_MAX_CHARS, PROJECT_FILE_CHARS, TEXT_FIELD_MAX_CHARS } from './input-limits';
import type { RuntimeVersions } from './runtime-version';
import type { TranscriptMessage } from './transcript/transcript';

/** One control of a runtime's parameters, rendered by the UI without knowing the runtime. */
export interface ControlField {
  /** The parameter as the runtime names it: also the field's URL key and test id. */
  name: string;
  /** `lines`: a list, one value per line (Kimi's swarm items); `file`: the text of a file, as it is. */
  kind: 'text' | 'select' | 'lines' | 'file';
  /**
   * Prose a person writes (a description, a persona), not a value the runtime matches: it is never
   * written into a link. `lines` and `file` fields are prose by their kind.
   */
  freeText?: boolean;
  /** Help under the field; may depend on how many real user turns the parent has. */
  hint?: string | ((context: { realTurns: number }) => string);
  placeholder?: string;
  /** A select's choices; an empty value means "left out of the call". */
  options?: readonly { value: string; label: string }[];
  /**
   * Not an Agent-call argument but a choice of which version of the runtime to reproduce (Kimi's
   * notice placement): it travels with the parent's turn, and a model calling the tool never sets it.
   */
  setting?: boolean;
  /**
   * What a link that does not name this field gets, when that is not the default: a field added
   * later (the runtime version) gives a link written before it the behaviour it had then.
   */
  linkFallback?: string;
}

/**
 * How the window keys (`[` fewer, `]` more, `a` all, `j`/`k` and a turn badge: start at a turn)
 * change a runtime whose window is a count of real user turns. Values are the field's raw text.
 */
export interface TurnWindowControl {
  /** The field that holds the count. */
  field: string;
  /** The count a value asks for, or null when it asks for every turn (or is not a count). */
  count(value: string): number | null;
  all: string;
  fewer(value: string, available: number): string;
  more(value: string, available: number): string;
  /** The value that starts the window at the turn `turnsFromEnd` from the end (1 = the latest). */
  startingAt(turnsFromEnd: number): string;
  /** The windows one key press away, worth planning ahead of the person. */
  neighbours(value: string, realTurnsInWindow: number): string[];
  /**
   * Where each of the runtime's own turns starts before `end`, for a runtime that counts turns
   * otherwise than Fork Lab's shared classification (Codex counts every user message that holds
   * no harness context block): the timeline numbers its badges by these.
   */
  turnStarts?(messages: readonly TranscriptMessage[], end: number): number[];
}

/** Everything the UI needs to show and edit one runtime's parameters. */
export interface RuntimeControls<R> {
  legend: string;
  fields: readonly ControlField[];
  /** Parameters whose errors show beside a field; any other parameter's error shows above Launch. */
  errorParameters: readonly string[];
  defaults: Readonly<Record<string, string>>;
  /** The request for the fields as typed: only the spelling of values, no rule. */
  toRequest(values: Readonly<Record<string, string>>, base: { directive: string; forkPoint?: number; childSystemInstruction?: string }): R;
  /** The fields showing a request (a scenario's own, say). */
  fromRequest(request: R): Record<string, string>;
  window?: TurnWindowControl;
  /** The call argument a person reads a child by (a description, a task name); the directive's first words stand in when it is empty. */
  nameParameter?: string;
  /** Where browsers saved these fields before selections were keyed by policy (read once, on load). */
  legacyKey?: string;
  /**
   * A call the runtime takes, for the examples Fork Lab shows, where its defaults make none (a swarm
   * needs items, and a directive with the placeholder they fill): fields over the defaults.
   */
  example?: { fields: Readonly<Record<string, string>>; directive: string };
}

/**
 * The window control of a field that holds a count of turns back from the latest, or `all`: `[`
 * and `]` step the count within the turns there are, `]` past the last is `all`, and a badge's
 * turn is its count. What reads as a count, what reads as all, and which windows lie one key
 * press beyond `all` are the runtime's.
 */
export function turnCountWindow(options: {
  field: string;
  count(value: string): number | null;
  isAll(value: string): boolean;
  beyondAll?: readonly string[];
  turnStarts?: TurnWindowControl['turnStarts'];
}): TurnWindowControl {
  const { field, count, isAll, beyondAll = [], turnStarts } = options;
  return {
    field,
    count,
    all: 'all',
    fewer: (value, available) => String(Math.max(1, Math.min(count(value) ?? available, available) - 1)),
    more(value, available) {
      const n = count(value) ?? available;
      return n >= available ? 'all' : String(n + 1);
    },
    startingAt: (turnsFromEnd) => String(turnsFromEnd),
    neighbours(value, turnsInWindow) {
      if (isAll(value)) return [String(Math.max(1, turnsInWindow - 1)), ...beyondAll];
      const n = count(value);
      if (n === null) return [];
      return [String(n + 1), ...(n > 1 ? [String(n - 1)] : []), 'all'];
    },
    ...(turnStarts === undefined ? {} : { turnStarts }),
  };
}

/** A field's text for a value as sent: empty when left out, JSON for objects. */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The parameters a call carries: an empty field means the parameter is left out. */
export function withoutEmpty(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}

/** The field that picks which of a runtime's versions to reproduce: a setting, never a call argument. */
export const RUNTIME_VERSION_FIELD = 'runtime_version';

export function runtimeVersionField(versions: RuntimeVersions): ControlField {
  return {
    name: RUNTIME_VERSION_FIELD,
    kind: 'select',
    hint: 'Which release’s rules and texts to reproduce; the newest by default.',
    options: versions.map((version) => ({ value: version.id, label: version.label })),
    setting: true,
    // Links written before versions existed reproduce the rules Fork Lab had then: the oldest line.
    linkFallback: versions[versions.length - 1]!.id,
  };
}

/** The request's `runtimeVersion` for the field: left out for the newest, so a default request stays as it was. */
export function runtimeVersionOf(versions: RuntimeVersions, value: string | undefined): { runtimeVersion?: string } {
  return value === undefined || value === '' || value === versions[0].id ? {} : { runtimeVersion: value };
}

/** How long a field's text may be: a file as long as a project file may be, a list as a directive. */
export function fieldMaxChars(field: Pick<ControlField, 'kind'>): number {
  if (field.kind === 'file') return PROJECT_FILE_CHARS;
  return field.kind === 'lines' ? DIRECTIVE_MAX_CHARS : TEXT_FIELD_MAX_CHARS;
}
