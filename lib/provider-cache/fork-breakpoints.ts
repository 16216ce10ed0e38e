import type { ChildRequest } from '@/lib/fork';
import type { CacheRequest } from './cache-request';
import { forkBreakpoints } from './predict-breakpoints';

/** A place in a child's request where Fork Lab puts an Anthropic breakpoint. */
export type BreakpointPlace = { kind: 'tool'; index: number } | { kind: 'system' } | { kind: 'message'; index: number };

/**
 * The breakpoints of the child's first request, as places in the request rather than segment
 * counts, so an export marks exactly the blocks the forecast assumed: the same `forkBreakpoints`
 * decides both. Message indexes count the initial messages, then the first prompt.
 */
export function childBreakpoints(child: ChildRequest, maxBreakpoints = 4): BreakpointPlace[] {
  const system = child.systemInstruction === '' ? 0 : 1;
  const head = child.tools.length + system;
  const messages = child.initialMessages.length + 1;
  const shape: CacheRequest = {
    model: child.model,
    segments: [
      ...child.tools.map((_, index) => ({ key: `t${index}`, tokens: 0, blocks: 1, path: `tools[${index}]` })),
      ...(system === 1 ? [{ key: 's', tokens: 0, blocks: 1, path: 'system' }] : []),
      ...Array.from({ length: messages }, (_, index) => ({ key: `m${index}`, tokens: 0, blocks: 1, path: `messages[${index}]` })),
    ],
  };
  return forkBreakpoints(shape, head + child.initialMessages.length, maxBreakpoints).map((at): BreakpointPlace => {
    if (at <= child.tools.length) return { kind: 'tool', index: at - 1 };
    if (at === head) return { kind: 'system' };
    return { kind: 'message', index: at - head - 1 };
  });
}
