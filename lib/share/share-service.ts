import 'server-only';
import path from 'node:path';
import { redactSecrets } from '@/lib/ai/providers';
import { dataDirectory } from '@/lib/sqlite/open-database';
import { type ShareSnapshot, shareSnapshotSchema, snapshotId, snapshotJson } from './share-snapshot';
import { SnapshotStore } from './snapshot-store';

const holder = globalThis as typeof globalThis & { forkLabSnapshots?: SnapshotStore };

/** How much the share store may hold: `FORK_LAB_SHARE_STORE_MB` (default 512). */
export function shareStoreCapacityBytes(env: Record<string, string | undefined> = process.env): number {
  const mb = Number(env.FORK_LAB_SHARE_STORE_MB);
  return (Number.isFinite(mb) && mb > 0 ? mb : 512) * 1024 * 1024;
}

/** The server's one snapshot store, `shares.sqlite` beside the run journal. */
export function snapshotStore(): SnapshotStore {
  holder.forkLabSnapshots ??= new SnapshotStore(path.join(dataDirectory(), 'shares.sqlite'));
  return holder.forkLabSnapshots;
}

/**
 * Store a snapshot and give its id. Any configured provider key that found its way into the text
 * (a provider's error quoting a request, say) is redacted before anything is written.
 */
export async function shareSnapshot(snapshot: ShareSnapshot, store = snapshotStore()): Promise<{ id: string; created: boolean }> {
  const redacted = shareSnapshotSchema.parse(JSON.parse(redactSecrets(snapshotJson(snapshot))));
  const id = await snapshotId(redacted);
  return { id, created: store.put(id, snapshotJson(redacted), shareStoreCapacityBytes()) };
}

/** A stored snapshot, or null when there is none with that id. */
export function readSnapshot(id: string, store = snapshotStore()): (ShareSnapshot & { createdAt: string }) | null {
  const row = store.get(id);
  if (row === null) return null;
  return { ...shareSnapshotSchema.parse(JSON.parse(row.body)), createdAt: row.createdAt };
}
