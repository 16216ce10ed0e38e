import { type ControlField, isForkPolicy, runtimeOf } from '@/lib/fork';
import { DEFAULT_SELECTION, type ForkSelection, fieldsOf } from './fork-selection';

/** What a link carries: which scenario, and the fork controls exactly as they were. */
export interface UrlState {
  scenarioId: string | null;
  selection: ForkSelection | null;
}

/** A select is always written (its empty choice as `omit`), so a link never falls back to a default it did not show. */
const OMITTED = 'omit';

function encodeField(field: ControlField, value: string): string | null {
  if (field.kind === 'select') return value === '' ? OMITTED : value;
  return value === '' ? null : value;
}

function decodeField(field: ControlField, value: string | null, fallback: string): string {
  if (value === null && field.linkFallback !== undefined) return field.linkFallback;
  if (field.kind !== 'select') return value ?? '';
  const wanted = value === OMITTED ? '' : value;
  return field.options?.some((option) => option.value === wanted) ? (wanted as string) : fallback;
}

/** The query string for a view. Empty text fields are left out; a policy's fields are only its own. */
export function encodeUrlState(scenarioId: string | null, selection: ForkSelection): string {
  const query = new URLSearchParams();
  if (scenarioId !== null) query.set('scenario', scenarioId);
  query.set('policy', selection.policy);
  const values = fieldsOf(selection);
  for (const field of runtimeOf(selection.policy).controls.fields) {
    const encoded = encodeField(field, values[field.name] ?? '');
    if (encoded !== null) query.set(field.name, encoded);
  }
  query.set('directive', selection.directive);
  if (selection.forkPoint !== null) query.set('point', String(selection.forkPoint));
  return query.toString();
}

/**
 * The view a query string asks for. A link without a known `policy` carries no selection (the
 * scenario's own request applies); unknown values fall back to defaults rather than failing.
 */
export function decodeUrlState(search: string | URLSearchParams): UrlState {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const scenarioId = query.get('scenario');
  const policy = query.get('policy');
  if (!isForkPolicy(policy)) return { scenarioId, selection: null };
  const { controls } = runtimeOf(policy);
  const values = Object.fromEntries(
    controls.fields.map((field) => [field.name, decodeField(field, query.get(field.name), controls.defaults[field.name] ?? '')]),
  );
  const point = query.get('point');
  return {
    scenarioId,
    selection: {
      ...DEFAULT_SELECTION,
      policy,
      fields: { ...DEFAULT_SELECTION.fields, [policy]: values },
      directive: query.get('directive') ?? DEFAULT_SELECTION.directive,
      forkPoint: point !== null && /^\d{1,9}$/.test(point) ? Number(point) : null,
    },
  };
}
