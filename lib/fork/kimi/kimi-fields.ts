import type { ControlField } from '../runtime-controls';
import { KIMI_NOTICE_VARIANTS, type KimiNoticeVariant } from './kimi-fork-request';

/** The controls Kimi's Agent tool and its AgentSwarm share: `fork` and the notice version. */

const NOTICE_LABELS: Record<KimiNoticeVariant, string> = {
  'prompt-prefix': 'in front of the task (code-read)',
  'system-reminder': 'as a system reminder (2.1)',
};

/** `fork` is a boolean in Kimi's schema: the select's text becomes one, or is left out. */
export const FORK_FIELD: ControlField = {
  name: 'fork',
  kind: 'select',
  options: [
    { value: 'true', label: 'true' },
    { value: 'false', label: 'false' },
    { value: '', label: '(left out)' },
  ],
};

export function noticeField(hint: string): ControlField {
  return {
    name: 'notice',
    kind: 'select',
    hint,
    // Left empty, the release's own placement: 2.1 sends a reminder, the code read in August a prefix.
    options: [{ value: '', label: 'as the release sends it' }, ...KIMI_NOTICE_VARIANTS.map((variant) => ({ value: variant, label: NOTICE_LABELS[variant] }))],
    setting: true,
  };
}

export function forkFromField(value: string | undefined): { fork?: boolean } {
  return value === 'true' || value === 'false' ? { fork: value === 'true' } : {};
}

export function forkFieldText(fork: unknown): string {
  return fork === true ? 'true' : fork === false ? 'false' : '';
}

/** The request's notice for the field: left out when the release's own placement applies. */
export function noticeFromField(value: string | undefined): { notice?: KimiNoticeVariant } {
  const notice = KIMI_NOTICE_VARIANTS.find((variant) => variant === value);
  return notice === undefined ? {} : { notice };
}
