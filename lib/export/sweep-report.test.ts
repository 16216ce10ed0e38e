import { describe, expect, it } from 'vitest';
import type { SweepRecord } from '@/lib/sweep/sweep-record';
import { REPORT_CONTENT_SECURITY_POLICY, sweepReportHtml } from './sweep-report';

const record: SweepRecord = {
  id: 's1',
  createdAt: '2026-11-30T20:00:00.000Z',
  parentRevision: 0,
  setup: {
    variants: { kind: 'windows', runtime: 'qwen-fork-turns', windows: ['1', 'all'] },
    directive: 'What is <the> password?',
    checks: ['contains:heron'],
    modelId: 'offline',
  },
  result: {
    smallestPassing: 'all',
    variants: [
      {
        label: '1',
        request: { policy: 'qwen-fork-turns', directive: 'x', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '1' } },
        status: 'failed',
        initialMessages: 6,
        inputTokens: 213,
        outputTokens: 9,
        output: '<script>alert(1)</script>',
        checks: [{ check: 'contains:heron', passed: false, reason: 'not in the output' }],
      },
      {
        label: 'all',
        request: { policy: 'qwen-fork-turns', directive: 'x', params: { description: 'Fork', subagent_type: 'fork', fork_turns: 'all' } },
        status: 'passed',
        initialMessages: 12,
        sharedPrefixMessages: 0,
        inputTokens: 249,
        outputTokens: 26,
        output: 'heron-7731',
        checks: [{ check: 'contains:heron', passed: true }],
      },
    ],
  },
};

describe('sweepReportHtml', () => {
  it('is one page that loads nothing and runs nothing, with every variant and the smallest passing one marked', () => {
    const html = sweepReportHtml(record, 'Canary "parent"', '<svg><rect width="1"/></svg>');
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${REPORT_CONTENT_SECURITY_POLICY}">`);
    expect(html).not.toMatch(/<script|src=|href=/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Directive: What is &lt;the&gt; password?');
    expect(html).toContain('<title>Fork Lab sweep · Canary &quot;parent&quot;</title>');
    expect(html).toContain('<p id="smallest"><strong>Smallest passing window: all</strong></p>');
    expect(html).toContain(
      '<tr class="smallest"><td>all ★</td><td class="passed">passed</td><td class="number">12</td><td class="number">249</td><td class="number">0</td><td class="number">26</td><td>1/1</td>',
    );
    expect(html).toContain('<td>0/1<br><span class="muted">contains:heron: not in the output</span></td>');
    expect(html).toContain('<figure><svg><rect width="1"/></svg>');
  });

  it('says when no variant passes, and leaves the chart out when there is none', () => {
    const html = sweepReportHtml({ ...record, result: { ...record.result, smallestPassing: null } }, 'P', null);
    expect(html).toContain('<strong>No variant passes every check.</strong>');
    expect(html).not.toContain('<figure>');
  });
});
