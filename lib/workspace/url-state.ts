import { FORK_POLICIES, type ForkPolicy, KIMI_NOTICE_VARIANTS, type KimiNoticeVariant } from '@/lib/fork';
import { DEFAULT_SELECTION, type ForkSelection } from './fork-selection';

/** What a link carries: which scenario, and the fork controls exactly as they were. */
export interface UrlState {
  scenarioId: string | null;
  selection: ForkSelection | null;
}

const QWEN_KEYS = ['fork_turns', 'subagent_type', 'name'] as const;
const KIMI_KEYS = ['resume', 'subagent_type', 'model'] as const;
const DEEPSEEK_KEYS = ['maxDepth', 'persona', 'toolFilter'] as const;

/** The query string for a view. Empty fields are left out; a policy's fields are only its own. */
export function encodeUrlState(scenarioId: string | null, selection: ForkSelection): string {
  const query = new URLSearchParams();
  if (scenarioId !== null) query.set('scenario', scenarioId);
  query.set('policy', selection.policy);
  const put = (key: string, value: string) => {
    if (value !== '') query.set(key, value);
  };
  if (selection.policy === 'qwen-fork-turns') for (const key of QWEN_KEYS) put(key, selection.qwen[key]);
  if (selection.policy === 'kimi-fork') {
    query.set('fork', selection.kimi.fork === '' ? 'omit' : selection.kimi.fork);
    for (const key of KIMI_KEYS) put(key, selection.kimi[key]);
    query.set('notice', selection.kimi.notice);
  }
  if (selection.policy === 'deepseek-completed-turns') for (const key of DEEPSEEK_KEYS) put(key, selection.deepseek[key]);
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
  if (policy === null || !FORK_POLICIES.includes(policy as ForkPolicy)) return { scenarioId, selection: null };
  const get = (key: string) => query.get(key) ?? '';
  const point = query.get('point');
  const selection: ForkSelection = {
    ...DEFAULT_SELECTION,
    policy: policy as ForkPolicy,
    directive: query.get('directive') ?? DEFAULT_SELECTION.directive,
    forkPoint: point !== null && /^\d{1,9}$/.test(point) ? Number(point) : null,
  };
  if (policy === 'qwen-fork-turns') selection.qwen = { fork_turns: get('fork_turns'), subagent_type: get('subagent_type'), name: get('name') };
  if (policy === 'kimi-fork') {
    const fork = get('fork');
    const notice = get('notice');
    selection.kimi = {
      fork: fork === 'false' ? 'false' : fork === 'omit' ? '' : 'true',
      resume: get('resume'),
      subagent_type: get('subagent_type'),
      model: get('model'),
      notice: KIMI_NOTICE_VARIANTS.includes(notice as KimiNoticeVariant) ? (notice as KimiNoticeVariant) : 'prompt-prefix',
    };
  }
  if (policy === 'deepseek-completed-turns') {
    selection.deepseek = { maxDepth: get('maxDepth'), persona: get('persona'), toolFilter: get('toolFilter') };
  }
  return { scenarioId, selection };
}
