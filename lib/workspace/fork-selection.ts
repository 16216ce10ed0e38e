import {
  DIRECTIVE_MAX_CHARS,
  FORK_RUNTIMES,
  type ForkParameterError,
  type ForkPolicy,
  type ForkRequest,
  ForkRequestValidationError,
  fieldMaxChars,
  isForkPolicy,
  parseForkRequest,
  runtimeOf,
} from '@/lib/fork';

/**
 * The fork controls as a person typed them. Every parameter is kept as raw text so that values a
 * runtime rejects (`0`, `03`, `" 3 "`) reach the engine unchanged; an empty field means the
 * parameter is left out of the call. Each runtime keeps its own fields, so switching runtime and
 * back finds them as they were left.
 */
export interface ForkSelection {
  policy: ForkPolicy;
  fields: Readonly<Record<string, Readonly<Record<string, string>>>>;
  directive: string;
  /** Fork as the parent stood after this many messages; null forks at the end. */
  forkPoint: number | null;
}

export const DEFAULT_DIRECTIVE = 'Summarise what we have established so far and list the open questions.';

export const DEFAULT_SELECTION: ForkSelection = {
  policy: FORK_RUNTIMES[0].policy,
  fields: Object.fromEntries(FORK_RUNTIMES.map((runtime) => [runtime.policy, runtime.controls.defaults])),
  directive: DEFAULT_DIRECTIVE,
  forkPoint: null,
};

/** The fields of a runtime (the selected one by default), its defaults under what was typed. */
export function fieldsOf(selection: ForkSelection, policy: ForkPolicy = selection.policy): Record<string, string> {
  return { ...runtimeOf(policy).controls.defaults, ...selection.fields[policy] };
}

/** The selection with one field of the selected runtime set. */
export function withField(selection: ForkSelection, name: string, value: string): ForkSelection {
  return { ...selection, fields: { ...selection.fields, [selection.policy]: { ...fieldsOf(selection), [name]: value } } };
}

/**
 * The selected runtime's settings (fields that are not call arguments, such as which version of its
 * notice to reproduce): they travel with a parent's turn, since the model calling the tool never sets them.
 */
export function settingsOf(selection: ForkSelection): Record<string, string> {
  const values = fieldsOf(selection);
  const settings = runtimeOf(selection.policy).controls.fields.filter((field) => field.setting === true);
  return Object.fromEntries(settings.map((field) => [field.name, values[field.name] ?? '']));
}

/** The request the engine receives for a selection: no rule lives here, only the spelling of values. */
export function requestFromSelection(selection: ForkSelection): ForkRequest {
  const base = { directive: selection.directive, ...(selection.forkPoint === null ? {} : { forkPoint: selection.forkPoint }) };
  return parseForkRequest(runtimeOf(selection.policy).controls.toRequest(fieldsOf(selection), base));
}

/**
 * The request for a selection as a page plans it: never a throw. What the request schema itself
 * refuses (a fork point that is no whole number, a pasted file past its bound) comes back as
 * errors in the shape a plan's errors have, so the field shows them and the page stays up.
 */
export function plannableRequest(selection: ForkSelection): { request: ForkRequest; errors: [] } | { request: null; errors: ForkParameterError[] } {
  const tooLong = overlongFields(selection);
  if (tooLong.length > 0) return { request: null, errors: tooLong };
  try {
    return { request: requestFromSelection(selection), errors: [] };
  } catch (error) {
    if (!(error instanceof ForkRequestValidationError)) throw error;
    return {
      request: null,
      errors: error.issues.map((issue) => ({
        // `params.fork_turns` is the field `fork_turns`; any other path is a field of the request itself.
        parameter: issue.path.startsWith('params.') ? issue.path.slice('params.'.length) : issue.path.split(/[.[]/)[0] || 'request',
        code: 'request_shape',
        message: `${issue.path || 'request'}: ${issue.message}`,
      })),
    };
  }
}

/**
 * The fields longer than Fork Lab's inputs take, each named with its length and bound, before
 * anything is sent: a 200 KB directive was once reported as a transcript over the server's limit.
 */
function overlongFields(selection: ForkSelection): ForkParameterError[] {
  const values = fieldsOf(selection);
  const bounded = [
    { name: 'directive', text: selection.directive, max: DIRECTIVE_MAX_CHARS },
    ...runtimeOf(selection.policy).controls.fields.map((field) => ({ name: field.name, text: values[field.name] ?? '', max: fieldMaxChars(field) })),
  ];
  return bounded
    .filter(({ text, max }) => text.length > max)
    .map(({ name, text, max }) => ({
      parameter: name,
      code: 'too_long',
      message: `${name} is ${text.length.toLocaleString('en-US')} characters; Fork Lab takes at most ${max.toLocaleString('en-US')}.`,
    }));
}

/** The controls showing a request (a scenario's own request, say). */
export function selectionFromRequest(request: ForkRequest): ForkSelection {
  return {
    ...DEFAULT_SELECTION,
    policy: request.policy,
    fields: { ...DEFAULT_SELECTION.fields, [request.policy]: runtimeOf(request.policy).controls.fromRequest(request) },
    directive: request.directive,
    forkPoint: request.forkPoint ?? null,
  };
}

function textRecord(value: unknown): Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * A selection read back from storage, which another version or a person may have written: what is
 * recognisable is kept (including fields saved under a runtime's legacy key), the rest defaults.
 */
export function restoreSelection(saved: unknown): ForkSelection {
  if (saved === null || typeof saved !== 'object') return DEFAULT_SELECTION;
  const raw = saved as Record<string, unknown>;
  const storedFields = raw.fields !== null && typeof raw.fields === 'object' ? (raw.fields as Record<string, unknown>) : {};
  const fields = Object.fromEntries(
    FORK_RUNTIMES.map((runtime) => {
      const legacy = runtime.controls.legacyKey === undefined ? {} : textRecord(raw[runtime.controls.legacyKey]);
      return [runtime.policy, { ...runtime.controls.defaults, ...legacy, ...textRecord(storedFields[runtime.policy]) }];
    }),
  );
  const forkPoint = raw.forkPoint;
  return {
    policy: isForkPolicy(raw.policy) ? raw.policy : DEFAULT_SELECTION.policy,
    fields,
    directive: typeof raw.directive === 'string' ? raw.directive : DEFAULT_DIRECTIVE,
    forkPoint: typeof forkPoint === 'number' && Number.isInteger(forkPoint) && forkPoint >= 0 ? forkPoint : null,
  };
}
