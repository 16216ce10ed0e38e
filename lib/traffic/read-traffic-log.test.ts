import { describe, expect, it } from 'vitest';
import { detectTrafficFormat } from './read-traffic-log';

describe('detectTrafficFormat', () => {
  it('tells a HAR file, a mini-swe-agent trajectory and a claude-trace log apart by their text', () => {
    expect(detectTrafficFormat(' {\n  "log": {"version": "1.2", "entries": []}}')).toBe('har');
    expect(detectTrafficFormat('{"info": {}, "messages": [], "trajectory_format": "mini-swe-agent-1.1"}')).toBe('mini-swe-agent');
    expect(detectTrafficFormat('{"request": {"timestamp": 1, "method": "POST", "url": "x", "body": {}}}\n')).toBe('claude-trace');
    expect(detectTrafficFormat('interactions:\n- request:\n    method: POST\n')).toBe('vcr-cassette');
    expect(detectTrafficFormat('# recorded by pytest-recording\n---\n\ninteractions:\n- request: {}\n')).toBe('vcr-cassette');
    expect(detectTrafficFormat('notes:\n  interactions: 3\n')).toBe('claude-trace');
  });
});
