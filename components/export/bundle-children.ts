import type { BundleChild } from '@/lib/export/fork-bundle';
import type { ChildRecord } from '@/lib/workspace/workspace';

/** A child as a bundle carries it: its plan and what it has done, not its browser-only state. */
export function bundleChild(child: ChildRecord): Omit<BundleChild, 'transcript'> {
  return {
    name: child.name,
    request: child.request,
    plan: child.plan,
    bootstrap: child.bootstrap,
    ownMessages: child.ownMessages,
    status: child.run?.status ?? 'planned',
    modelId: child.run?.modelId ?? null,
    finalOutput: child.run?.finalOutput ?? null,
    launchedAt: child.createdAt,
    ...(child.familyId === undefined ? {} : { familyId: child.familyId }),
    isolation: { parentRevision: child.forkedAt.revision, parentHash: child.forkedAt.parentHash, inheritedHash: child.inheritedHash },
  };
}
