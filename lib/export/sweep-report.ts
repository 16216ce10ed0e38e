import type { SweepRecord } from '@/lib/sweep/sweep-record';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

/**
 * The page may load nothing: no script, no font, no image from anywhere. A report opened from disk
 * months later shows the same thing, offline, and cannot run code a model's output smuggled in.
 */
export const REPORT_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 24px; color: #1b1f24; }
h1 { font-size: 1.4rem; margin: 0 0 4px; }
.muted { color: #59636e; }
table { border-collapse: collapse; margin: 12px 0; }
th, td { border: 1px solid #d1d9e0; padding: 4px 8px; text-align: left; vertical-align: top; }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
tr.smallest { background: #fdecea; }
.passed { color: #1f7a3a; font-weight: 600; }
.failed, .rejected, .error { color: #c62828; font-weight: 600; }
pre { white-space: pre-wrap; margin: 0; max-width: 60ch; font-size: 12px; }
`;

function setupLines(record: SweepRecord): string[] {
  const { setup } = record;
  const forks = setup.variants.kind === 'windows' ? `${setup.variants.runtime}, windows ${setup.variants.windows.join(', ')}` : 'every runtime at its defaults';
  return [`Forks: ${forks}`, `Directive: ${setup.directive}`, `Checks: ${setup.checks.join(' · ')}`, `Model: ${setup.modelId}`, `Run: ${record.createdAt}`];
}

/** A count for a table cell: a number as digits, anything else as nothing. */
function countCell(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

function variantRow(record: SweepRecord, index: number): string {
  const variant = record.result.variants[index]!;
  const passed = variant.checks.filter((check) => check.passed).length;
  const failures = variant.checks.filter((check) => !check.passed).map((check) => `${check.check}: ${check.reason ?? 'failed'}`);
  const notes = [...failures, ...(variant.errors ?? [])].map(escapeHtml).join('<br>');
  const smallest = variant.label === record.result.smallestPassing;
  const cells = [
    `<td>${escapeHtml(variant.label)}${smallest ? ' ★' : ''}</td>`,
    `<td class="${escapeHtml(variant.status)}">${escapeHtml(variant.status)}</td>`,
    `<td class="number">${countCell(variant.initialMessages)}</td>`,
    `<td class="number">${countCell(variant.inputTokens)}</td>`,
    `<td class="number">${countCell(variant.sharedPrefixMessages)}</td>`,
    `<td class="number">${countCell(variant.outputTokens)}</td>`,
    `<td>${countCell(passed)}/${countCell(variant.checks.length)}${notes === '' ? '' : `<br><span class="muted">${notes}</span>`}</td>`,
    `<td><pre>${escapeHtml(variant.output ?? '')}</pre></td>`,
  ];
  return `<tr${smallest ? ' class="smallest"' : ''}>${cells.join('')}</tr>`;
}

/**
 * A sweep as one self-contained HTML page: what was run, the chart as the person saw it (its SVG
 * markup, inline), and every variant's figures, checks and output. Text is escaped; the page loads nothing.
 */
export function sweepReportHtml(record: SweepRecord, parentTitle: string, chartMarkup: string | null): string {
  const smallest = record.result.smallestPassing;
  const rows = record.result.variants.map((_, index) => variantRow(record, index)).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${REPORT_CONTENT_SECURITY_POLICY}">
<title>Fork Lab sweep · ${escapeHtml(parentTitle)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Fork Lab sweep · ${escapeHtml(parentTitle)}</h1>
<p class="muted">${setupLines(record).map(escapeHtml).join('<br>')}</p>
<p id="smallest"><strong>${smallest === null ? 'No variant passes every check.' : `Smallest passing window: ${escapeHtml(smallest)}`}</strong></p>
${chartMarkup === null ? '' : `<figure>${chartMarkup}<figcaption class="muted">Input tokens (bars) and checks passed (line) per variant.</figcaption></figure>`}
<table>
<thead><tr><th>variant</th><th>status</th><th>messages</th><th>input tokens</th><th>shared prefix (messages)</th><th>output tokens</th><th>checks</th><th>output</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</body>
</html>
`;
}
