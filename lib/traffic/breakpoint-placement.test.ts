import { describe, expect, it } from 'vitest';
import type { CacheRequest } from '@/lib/provider-cache/cache-request';
import { BREAKPOINT_PLACEMENTS } from './breakpoint-placement';

const PATHS = ['tools[0]', 'tools[1]', 'system[0]', 'messages[0].content[0]', 'messages[1].content[0]', 'messages[1].content[1]', 'messages[2].content[0]'];
const request: CacheRequest = { model: 'claude-sonnet-4-20250514', segments: PATHS.map((path) => ({ key: path, path, blocks: 1, tokens: 100 })) };
const place = (id: string, sent: number[] = [3, 7]) => BREAKPOINT_PLACEMENTS.find((placement) => placement.id === id)!.place(request, sent);

describe('BREAKPOINT_PLACEMENTS', () => {
  it('places each alternative where it says, as segment counts from the start', () => {
    expect(place('as-sent')).toEqual([3, 7]);
    expect(place('none')).toEqual([]);
    expect(place('last-block')).toEqual([7]);
    // The end of the tools, of the system prompt, and of the last two messages (message 1 ends on its second block).
    expect(place('tools-system-recent')).toEqual([2, 3, 6, 7]);
  });

  it('leaves out what a request does not have, and keeps to four', () => {
    const bare: CacheRequest = { model: 'm', segments: PATHS.slice(3).map((path) => ({ key: path, path, blocks: 1, tokens: 100 })) };
    expect(BREAKPOINT_PLACEMENTS.find((placement) => placement.id === 'tools-system-recent')!.place(bare, [])).toEqual([3, 4]);
    expect(BREAKPOINT_PLACEMENTS.find((placement) => placement.id === 'last-block')!.place({ model: 'm', segments: [] }, [])).toEqual([]);
  });
});
