import type { ForkPolicy, ForkRequest, KimiNoticeVariant } from '@/lib/fork';

/**
 * The fork controls as a person typed them. Every parameter is kept as raw text so that values a
 * runtime rejects (`0`, `03`, `" 3 "`) reach the engine unchanged; an empty field means the
 * parameter is left out of the call.
 */
export interface ForkSelection {
  policy: ForkPolicy;
  qwen: { fork_turns: string; subagent_type: string; name: string };
  kimi: { fork: 'true' | 'false' | ''; resume: string; subagent_type: string; model: string; notice: KimiNoticeVariant };
  deepseek: { maxDepth: string; persona: string; toolFilter: string };
  directive: string;
  /** Fork as the parent stood after this many messages; null forks at the end. */
  forkPoint: number | null;
}

export const DEFAULT_DIRECTIVE = 'Summarise what we have established so far and list the open questions.';

export const DEFAULT_SELECTION: ForkSelection = {
  policy: 'qwen-fork-turns',
  qwen: { fork_turns: 'all', subagent_type: 'fork', name: '' },
  kimi: { fork: 'true', resume: '', subagent_type: '', model: '', notice: 'prompt-prefix' },
  deepseek: { maxDepth: '', persona: '', toolFilter: '' },
  directive: DEFAULT_DIRECTIVE,
  forkPoint: null,
};

function given(value: string): string | undefined {
  return value === '' ? undefined : value;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined)) as T;
}

/** A number when the text is one (DeepSeek's options are typed values, not model-written JSON strings). */
function numberOrText(value: string): number | string {
  return /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
}

/** The request the engine receives for a selection: no rule lives here, only the spelling of values. */
export function requestFromSelection(selection: ForkSelection): ForkRequest {
  const base = { directive: selection.directive, ...(selection.forkPoint === null ? {} : { forkPoint: selection.forkPoint }) };
  switch (selection.policy) {
    case 'qwen-fork-turns':
      return {
        ...base,
        policy: 'qwen-fork-turns',
        params: withoutUndefined({
          subagent_type: given(selection.qwen.subagent_type),
          fork_turns: given(selection.qwen.fork_turns),
          name: given(selection.qwen.name),
        }),
      };
    case 'kimi-fork':
      return {
        ...base,
        policy: 'kimi-fork',
        notice: selection.kimi.notice,
        params: withoutUndefined({
          fork: selection.kimi.fork === '' ? undefined : selection.kimi.fork === 'true',
          resume: given(selection.kimi.resume),
          subagent_type: given(selection.kimi.subagent_type),
          model: given(selection.kimi.model),
        }),
      };
    case 'deepseek-completed-turns': {
      const tools = selection.deepseek.toolFilter
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '');
      return {
        ...base,
        policy: 'deepseek-completed-turns',
        params: withoutUndefined({
          maxDepth: selection.deepseek.maxDepth === '' ? undefined : numberOrText(selection.deepseek.maxDepth),
          persona: given(selection.deepseek.persona),
          toolFilter: selection.deepseek.toolFilter.trim() === '' ? undefined : tools,
        }),
      };
    }
  }
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The controls showing a request (a scenario's own request, say). */
export function selectionFromRequest(request: ForkRequest): ForkSelection {
  const selection: ForkSelection = {
    ...DEFAULT_SELECTION,
    policy: request.policy,
    directive: request.directive,
    forkPoint: request.forkPoint ?? null,
  };
  switch (request.policy) {
    case 'qwen-fork-turns':
      selection.qwen = {
        fork_turns: text(request.params.fork_turns),
        subagent_type: text(request.params.subagent_type),
        name: text(request.params.name),
      };
      break;
    case 'kimi-fork':
      selection.kimi = {
        fork: request.params.fork === true ? 'true' : request.params.fork === false ? 'false' : '',
        resume: text(request.params.resume),
        subagent_type: text(request.params.subagent_type),
        model: text(request.params.model),
        notice: request.notice ?? 'prompt-prefix',
      };
      break;
    case 'deepseek-completed-turns':
      selection.deepseek = {
        maxDepth: text(request.params.maxDepth),
        persona: text(request.params.persona),
        toolFilter: Array.isArray(request.params.toolFilter) ? request.params.toolFilter.join(', ') : text(request.params.toolFilter),
      };
      break;
  }
  return selection;
}
