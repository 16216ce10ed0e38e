import type { DrivenRuntime } from '../runtime-pins';
import { claudeCodeDriver } from './claude-code-driver';
import { codexDriver } from './codex-driver';
import { qwenCodeDriver } from './qwen-code-driver';
import type { RuntimeDriver } from './runtime-driver';

export type { RuntimeDriver } from './runtime-driver';

export const RUNTIME_DRIVERS: Record<DrivenRuntime, RuntimeDriver> = {
  'qwen-code': qwenCodeDriver,
  codex: codexDriver,
  'claude-code': claudeCodeDriver,
};
