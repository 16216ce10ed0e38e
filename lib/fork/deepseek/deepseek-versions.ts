import type { RuntimeVersions } from '../runtime-version';

/** DeepSeek Harness is not on npm: its rules rest on its code alone. */
export const DEEPSEEK_VERSIONS = [
  { id: 'code-read', label: 'DeepSeek Harness (code-read)', source: 'deepseek-ai/deepseek-harness' },
] as const satisfies RuntimeVersions;
