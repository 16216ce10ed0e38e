import { z } from 'zod';
import { type CompareSetup, compareSetupSchema } from '@/lib/compare/compare-setup';
import { type ParentTranscript, parentTranscriptSchema } from '@/lib/fork';
import { canonicalJson } from '@/lib/json/canonical-json';
import { contentHash } from '@/lib/json/content-hash';
import { KEPT_SWEEPS, type SweepRecord, sweepRecordSchema } from '@/lib/sweep/sweep-record';

/**
 * What a share link holds: a parent, a compare on it and its sweeps, frozen. Only these fields
 * exist: no model key, no provider base URL, nothing of the server's configuration can be in one.
 */
export interface ShareSnapshot {
  version: 1;
  title: string;
  transcript: ParentTranscript;
  compare: CompareSetup;
  sweeps: SweepRecord[];
}

export const shareSnapshotSchema: z.ZodType<ShareSnapshot> = z.strictObject({
  version: z.literal(1),
  title: z.string().trim().min(1).max(300),
  transcript: parentTranscriptSchema,
  compare: compareSetupSchema,
  sweeps: z.array(sweepRecordSchema).max(KEPT_SWEEPS),
});

/** A snapshot's id: the first 40 hex digits of the SHA-256 of its canonical JSON (equal content, one link). */
export async function snapshotId(snapshot: ShareSnapshot): Promise<string> {
  return (await contentHash(snapshot)).slice(0, 40);
}

/**
 * A share link is for a parent someone can open in a browser tab; a larger one is refused with
 * this limit named (export the fork bundle instead), so no one fills the store with 50 MB parents.
 * The page checks it before sending, the server when it reads the body.
 */
export const SHARE_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

export const SNAPSHOT_ID_PATTERN = /^[0-9a-f]{40}$/;

/** The snapshot as stored: canonical JSON, so the same content always reads back the same. */
export function snapshotJson(snapshot: ShareSnapshot): string {
  return canonicalJson(snapshot);
}
