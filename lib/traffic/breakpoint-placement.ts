import type { CacheRequest } from '@/lib/provider-cache/cache-request';

/** Where a session could have put its `cache_control` breakpoints: the what-if's alternatives. */
export interface BreakpointPlacement {
  id: 'as-sent' | 'none' | 'last-block' | 'tools-system-recent';
  label: string;
  /** What it does and why a person would choose it, in a sentence. */
  description: string;
  /** Breakpoints as segment counts from the start, given the request and the ones it was sent with. */
  place(request: CacheRequest, sent: readonly number[]): readonly number[];
}

/** Anthropic takes at most four breakpoints in a request. */
const MOST = 4;

/** Segment counts just past the last segment whose path starts so, or null when none does. */
function endOf(request: CacheRequest, prefix: string): number | null {
  for (let at = request.segments.length - 1; at >= 0; at -= 1) if (request.segments[at]!.path.startsWith(prefix)) return at + 1;
  return null;
}

/** The message a segment belongs to, read off its path (`messages[3].content[0]` → 3), or null. */
function messageOf(path: string): number | null {
  const found = /^messages\[(\d+)\]/.exec(path);
  return found === null ? null : Number(found[1]);
}

/** Segment counts just past each of the last `count` messages, oldest first. */
function lastMessageEnds(request: CacheRequest, count: number): number[] {
  const ends: number[] = [];
  let current: number | null = null;
  for (let at = request.segments.length - 1; at >= 0 && ends.length < count; at -= 1) {
    const message = messageOf(request.segments[at]!.path);
    if (message === null || message === current) continue;
    current = message;
    ends.unshift(at + 1);
  }
  return ends;
}

export const BREAKPOINT_PLACEMENTS: readonly BreakpointPlacement[] = [
  {
    id: 'as-sent',
    label: 'As sent',
    description: 'Each request’s own cache_control blocks, as the runtime sent them.',
    place: (_, sent) => sent,
  },
  {
    id: 'none',
    label: 'No breakpoints',
    description: 'Nothing marked: nothing is written, nothing read, every token at the full input price.',
    place: () => [],
  },
  {
    id: 'last-block',
    label: 'Last block only',
    description: 'One breakpoint on each request’s last block: the whole prefix is written, and the next request reads it if it adds no more than 20 blocks.',
    place: (request) => (request.segments.length === 0 ? [] : [request.segments.length]),
  },
  {
    id: 'tools-system-recent',
    label: 'Tools, system, last two messages',
    description:
      'The four Anthropic allows: the end of the tools, of the system prompt, and of the last two messages, so a request that adds many blocks still finds the previous one’s prefix.',
    place: (request) => {
      const ends = [endOf(request, 'tools['), endOf(request, 'system['), ...lastMessageEnds(request, 2)].filter((end): end is number => end !== null);
      return [...new Set(ends)].sort((a, b) => a - b).slice(-MOST);
    },
  },
];
