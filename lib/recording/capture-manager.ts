import 'server-only';
import path from 'node:path';
import { dataDirectory } from '@/lib/sqlite/open-database';
import { CaptureStore } from './capture-store';

const globalStore = globalThis as typeof globalThis & { forkLabCaptures?: CaptureStore };

/** The process's capture store, `.data/captures.sqlite` (kept on `globalThis` across hot reloads). */
export function captureStore(): CaptureStore {
  globalStore.forkLabCaptures ??= new CaptureStore(path.join(dataDirectory(), 'captures.sqlite'));
  return globalStore.forkLabCaptures;
}
