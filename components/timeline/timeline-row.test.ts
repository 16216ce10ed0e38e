import { describe, expect, it } from 'vitest';
import { sameRow, type TimelineRowProps } from './timeline-row';

const noop = () => {};
const props: TimelineRowProps = {
  index: 3,
  entry: { id: 'm3', message: { role: 'user', content: 'hi' } },
  classification: undefined,
  disposition: { index: 3, status: 'inherited', reason: 'in-window', detail: 'In the window.' },
  tokens: 2,
  calls: undefined,
  results: undefined,
  windowBoundary: null,
  forkPointHere: false,
  cursor: false,
  pending: false,
  canStartWindow: true,
  editing: false,
  onStartWindow: noop,
  onForkAfter: noop,
  onJump: noop,
  onEdit: noop,
  onDelete: noop,
};

describe('sameRow', () => {
  it('keeps a row whose disposition was looked up again with the same fields', () => {
    expect(sameRow(props, { ...props, disposition: { ...props.disposition! } })).toBe(true);
  });

  it('redraws a row whose disposition, window boundary or handler changed', () => {
    expect(sameRow(props, { ...props, disposition: { ...props.disposition!, status: 'excluded', reason: 'before-window' } })).toBe(false);
    expect(sameRow(props, { ...props, disposition: { ...props.disposition!, detail: 'Another reason.' } })).toBe(false);
    expect(sameRow(props, { ...props, disposition: undefined })).toBe(false);
    expect(sameRow(props, { ...props, windowBoundary: 'fork_turns 3' })).toBe(false);
    expect(sameRow(props, { ...props, onDelete: () => {} })).toBe(false);
  });
});
