import type { ControlField } from '../runtime-controls';
import { KIMI_NOTICE_VARIANTS, type KimiNoticeVariant } from './kimi-fork-request';

/** The controls Kimi's Agent tool and its AgentSwarm share: `fork` and the notice version. */

const NOTICE_LABELS: Record<KimiNoticeVariant, string> = {
  'prompt-prefix': 'in front of the task (original)',
  'system-reminder': 'as a system reminder (later)',
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
    options: KIMI_NOTICE_VARIANTS.map((variant) => ({ value: variant, label: NOTICE_LABELS[variant] })),
    setting: true,
  };
}

export function forkFromField(value: string | undefined): { fork?: boolean } {
  return value === 'true' || value === 'false' ? { fork: value === 'true' } : {};
}

export function forkFieldText(fork: unknown): string {
  return fork === true ? 'true' : fork === false ? 'false' : '';
}

export function noticeFromField(value: string | undefined): KimiNoticeVariant {
  return KIMI_NOTICE_VARIANTS.find((variant) => variant === value) ?? 'prompt-prefix';
}
