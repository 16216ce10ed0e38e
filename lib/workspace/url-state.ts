import { type ControlField, type ForkPolicy, forkPolicyNamed, runtimeOf } from '@/lib/fork';
import { DEFAULT_SELECTION, type ForkSelection, fieldsOf } from './fork-selection';

/**
 * What a link carries: which parent (a scenario, or an import this browser holds) and the fork
 * controls that are parameters. Free text (the directive, a description, a persona, a list, a
 * file) never goes into a link: a 200 KB directive once made every reload answer HTTP 431 and
 * locked the page out. It stays in the browser's workspace, and a shared compare carries it.
 */
export interface UrlState {
  scenarioId: string | null;
  /** An imported session of this browser's workspace (its id without the `import:` prefix). */
  importId: string | null;
  link: LinkedControls | null;
}

/** The controls a link spells out; what it leaves out keeps the value the session has. */
export interface LinkedControls {
  policy: ForkPolicy;
  fields: Readonly<Record<string, string>>;
  /** Only from a link written before free text was left out of links. */
  directive?: string;
  forkPoint: number | null;
}

/** Links written with this mark name every parameter they carry, empty ones too: a field they leave out is not theirs to set. */
const FORMAT = { key: 'v', value: '2' } as const;
/** A select is always written (its empty choice as `omit`), so a link never falls back to a default it did not show. */
const OMITTED = 'omit';
/** A parameter value longer than this is no identifier or number: it stays in the browser, and the link stays short. */
export const LINK_VALUE_MAX_CHARS = 100;
const IMPORT_PREFIX = 'import:';

/** Prose a person writes, whatever its field is called: never part of a link. */
export function isFreeText(field: ControlField): boolean {
  return field.freeText === true || field.kind === 'lines' || field.kind === 'file';
}

/** The workspace session a parse names, or null: a scenario's, or an import's. */
export function linkedSessionId(state: Pick<UrlState, 'scenarioId' | 'importId'>): string | null {
  if (state.importId !== null) return `${IMPORT_PREFIX}${state.importId}`;
  return state.scenarioId === null ? null : `scenario:${state.scenarioId}`;
}

/** Where a session comes from, as a link names it. */
export type LinkedParent = { kind: 'scenario'; id: string } | { kind: 'import'; sessionId: string } | null;

/** The query string for a view. */
export function encodeUrlState(parent: LinkedParent, selection: ForkSelection): string {
  const query = new URLSearchParams();
  query.set(FORMAT.key, FORMAT.value);
  if (parent?.kind === 'scenario') query.set('scenario', parent.id);
  if (parent?.kind === 'import' && parent.sessionId.startsWith(IMPORT_PREFIX)) query.set('import', parent.sessionId.slice(IMPORT_PREFIX.length));
  query.set('policy', selection.policy);
  const values = fieldsOf(selection);
  for (const field of runtimeOf(selection.policy).controls.fields) {
    if (isFreeText(field)) continue;
    const value = values[field.name] ?? '';
    if (field.kind === 'select') query.set(field.name, value === '' ? OMITTED : value);
    else if (value.length <= LINK_VALUE_MAX_CHARS) query.set(field.name, value);
  }
  if (selection.forkPoint !== null) query.set('point', String(selection.forkPoint));
  return query.toString();
}

function selectValue(field: ControlField, value: string): string | null {
  const wanted = value === OMITTED ? '' : value;
  return field.options?.some((option) => option.value === wanted) ? wanted : null;
}

/**
 * The view a query string asks for. A link without a known `policy` carries no controls (the
 * session's own apply); a value a select does not offer is not taken.
 */
export function decodeUrlState(search: string | URLSearchParams): UrlState {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const scenarioId = query.get('scenario');
  const importId = query.get('import');
  const parent = { scenarioId: importId === null ? scenarioId : null, importId };
  // A link may name the runtime by an alias (a person typing ?policy=qwen-code); it reads as the id.
  const named = query.get('policy');
  const policy = named === null ? undefined : forkPolicyNamed(named);
  if (policy === undefined) return { ...parent, link: null };
  const point = query.get('point');
  const forkPoint = point !== null && /^\d{1,9}$/.test(point) ? Number(point) : null;
  if (query.get(FORMAT.key) !== FORMAT.value) return { ...parent, link: legacyLink(query, policy, forkPoint) };
  const fields: Record<string, string> = {};
  for (const field of runtimeOf(policy).controls.fields) {
    const value = query.get(field.name);
    if (value === null || isFreeText(field)) continue;
    const taken = field.kind === 'select' ? selectValue(field, value) : value;
    if (taken !== null) fields[field.name] = taken;
  }
  return { ...parent, link: { policy, fields, forkPoint } };
}

/**
 * A link written before the format mark: it named only the fields that were not empty, and the
 * directive. A field it leaves out was empty then (a select, its default, or the value the field
 * gave links written before it existed).
 */
function legacyLink(query: URLSearchParams, policy: ForkPolicy, forkPoint: number | null): LinkedControls {
  const { controls } = runtimeOf(policy);
  const fields = Object.fromEntries(
    controls.fields.map((field) => {
      const value = query.get(field.name);
      if (value === null && field.linkFallback !== undefined) return [field.name, field.linkFallback];
      if (field.kind !== 'select') return [field.name, value ?? ''];
      return [field.name, (value === null ? null : selectValue(field, value)) ?? controls.defaults[field.name] ?? ''];
    }),
  );
  const directive = query.get('directive');
  return { policy, fields, forkPoint, ...(directive === null ? {} : { directive }) };
}

/** The selection with a link's controls applied: the fields it names, its runtime and fork point; the rest as they were. */
export function withLinkedControls(selection: ForkSelection, link: LinkedControls): ForkSelection {
  return {
    ...selection,
    policy: link.policy,
    fields: { ...selection.fields, [link.policy]: { ...fieldsOf(selection, link.policy), ...link.fields } },
    directive: link.directive ?? selection.directive,
    forkPoint: link.forkPoint,
  };
}

/** The parts of a view a person steps back through: the parent, the runtime, its window, the fork point. */
export function historyKey(search: string): string {
  const query = new URLSearchParams(search);
  const named = query.get('policy');
  const policy = named === null ? undefined : forkPolicyNamed(named);
  const windowField = policy === undefined ? undefined : runtimeOf(policy).controls.window?.field;
  return JSON.stringify([
    query.get('scenario'),
    query.get('import'),
    policy ?? named,
    windowField === undefined ? null : query.get(windowField),
    query.get('point'),
  ]);
}

/** A selection as a link would show it in a browser that holds nothing: defaults under the link. */
export function selectionFromLink(link: LinkedControls | null, base: ForkSelection = DEFAULT_SELECTION): ForkSelection {
  return link === null ? base : withLinkedControls(base, link);
}
