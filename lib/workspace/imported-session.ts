import { FORK_RUNTIMES, type ForkPlan } from '@/lib/fork';
import type { ImportAnswer } from '@/lib/import/import-answer';
import type { ChildTokenReport } from '@/lib/tokens/child-token-report';
import { newChildRecord } from './child-record';
import { DEFAULT_SELECTION, type ForkSelection, selectionFromRequest } from './fork-selection';
import type { ChildRecord, ParentSession } from './workspace';

export type ImportedSessionInit = Pick<ParentSession, 'id' | 'title' | 'source' | 'transcript' | 'selection' | 'children'>;

/** A session a runtime wrote opens on that runtime's policy, at its defaults: it is how that session forks. */
function selectionForFormat(format: string): ForkSelection {
  const runtime = FORK_RUNTIMES.find((candidate) => candidate.sessionFormats?.includes(format));
  return runtime === undefined ? DEFAULT_SELECTION : { ...DEFAULT_SELECTION, policy: runtime.policy };
}

/**
 * The session an import opens: the parent, the request a bundle carried (or the default
 * selection), and a bundle's children with their plans and what they did. A child whose run was
 * still going cannot be re-attached (its run lived on another server), so it comes back
 * interrupted.
 */
export async function importedSession(
  answer: ImportAnswer,
  fileName: string | null,
  newId: () => string,
  importedAt: string = new Date().toISOString(),
): Promise<ImportedSessionInit> {
  const children: ChildRecord[] = [];
  for (const child of answer.children ?? []) {
    const record = await newChildRecord(
      {
        id: newId(),
        name: child.name,
        createdAt: child.launchedAt ?? new Date().toISOString(),
        request: child.request,
        plan: child.plan as ForkPlan,
        tokens: child.tokens as ChildTokenReport,
        bootstrap: child.bootstrap,
        agentCallId: null,
        ...(child.familyId === undefined ? {} : { familyId: child.familyId }),
        run:
          child.status === 'planned'
            ? null
            : {
                modelId: child.modelId ?? 'offline',
                status: child.status === 'running' ? 'interrupted' : child.status,
                finalOutput: child.finalOutput,
                error: null,
                deliveredToParent: true,
              },
      },
      { transcript: answer.transcript, revision: 0 },
    );
    // The hashes recorded at launch, when the bundle has them: the isolation check then compares
    // the parent as it was forked with the parent as bundled, not the bundle with itself.
    const recorded = child.isolation;
    children.push({
      ...record,
      ownMessages: child.ownMessages,
      ...(recorded === undefined
        ? {}
        : { forkedAt: { revision: recorded.parentRevision, parentHash: recorded.parentHash }, inheritedHash: recorded.inheritedHash }),
    });
  }
  return {
    id: `import:${newId()}`,
    title: answer.title,
    source: {
      kind: 'import',
      format: answer.format,
      fileName,
      report: answer.report,
      ...(answer.agentUsage === undefined ? {} : { agentUsage: answer.agentUsage }),
      importedAt,
    },
    transcript: answer.transcript,
    selection: answer.request === undefined ? selectionForFormat(answer.format) : selectionFromRequest(answer.request),
    children,
  };
}
