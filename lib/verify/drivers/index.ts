import type { DrivenRuntime } from '../runtime-pins';
import { claudeCodeDriver } from './claude-code-driver';
import { codexDriver } from './codex-driver';
import { deepAgentsDriver } from './deep-agents-driver';
import { deepSeekHarnessDriver } from './deepseek-harness-driver';
import { kimiCodeDriver } from './kimi-code-driver';
import { qwenCodeDriver } from './qwen-code-driver';
import type { ShippedRuntimeDriver } from './runtime-driver';

export type { DriverFile, RuntimeDriver, ShippedRuntimeDriver } from './runtime-driver';

export const RUNTIME_DRIVERS: Record<DrivenRuntime, ShippedRuntimeDriver> = {
  'qwen-code': qwenCodeDriver,
  codex: codexDriver,
  'claude-code': claudeCodeDriver,
  'kimi-code': kimiCodeDriver,
  'deepseek-harness': deepSeekHarnessDriver,
  'deep-agents': deepAgentsDriver,
};
