'use client';

import { importOnServer } from '@/components/import/import-client';
import { rememberRegistration } from '@/components/playground/fork-client';
import { describeHttpError, readErrorResponse } from '@/lib/http/read-error-response';
import type { ImportFormatId } from '@/lib/import/import-format';
import type { ForkFinding } from '@/lib/recording/fork-finding';
import { flushWorkspace, hydrateWorkspace, workspaceStore } from '@/lib/workspace/browser-workspace';
import { importedSession } from '@/lib/workspace/imported-session';
import { activeSession } from '@/lib/workspace/workspace-store';

/**
 * Open a captured request as the playground's parent, the way an import opens a file: its body
 * read on the server by the importer of its API, then made the workspace's active session.
 */
export async function openCaptureInPlayground(id: number, api: ImportFormatId): Promise<void> {
  await openInPlayground(`/api/captures/${id}`, `capture-${id}.${api}.json`, api);
}

/**
 * Open the fork that started a captured child: its parent up to the Agent call, the call's request
 * and, as a child of it, what the runtime actually sent the child (a Fork Lab bundle).
 */
export async function openCapturedForkInPlayground(
  fork: Pick<ForkFinding, 'childId' | 'parentId' | 'toolCallId'>,
  checkedBy: { runtime: string; project: string },
): Promise<void> {
  await openInPlayground(
    `/api/captures/${fork.childId}/fork?${forkQuery(fork, checkedBy)}`,
    `capture-fork-${fork.parentId}-${fork.childId}.fork-lab.json`,
    'fork-lab-bundle',
  );
}

/** Which fork a captured child's URLs mean, checked as the listing checked it. */
export function forkQuery(fork: Pick<ForkFinding, 'parentId' | 'toolCallId'>, checkedBy: { runtime: string; project: string }): URLSearchParams {
  const { runtime, project } = checkedBy;
  return new URLSearchParams({
    parent: String(fork.parentId),
    call: fork.toolCallId,
    ...(runtime === '' ? {} : { runtime }),
    ...(project === '' ? {} : { project }),
  });
}

/** Open what a Fork Lab URL answers (a request body, a fork bundle) as the playground's active session. */
export async function openInPlayground(url: string, fileName: string, format: ImportFormatId): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(describeHttpError(await readErrorResponse(response)));
  const { answer, registration } = await importOnServer({ body: await response.text(), fileName, format });
  await hydrateWorkspace();
  const init = await importedSession(answer, fileName, () => crypto.randomUUID());
  workspaceStore.getState().openSession(init);
  const opened = activeSession(workspaceStore.getState());
  if (opened !== null && opened.id === init.id) rememberRegistration(opened.transcript, registration);
  await flushWorkspace();
}
