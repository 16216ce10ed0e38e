'use client';

import { importOnServer } from '@/components/import/import-client';
import { rememberRegistration } from '@/components/playground/fork-client';
import { describeHttpError, readErrorResponse } from '@/lib/http/read-error-response';
import type { ImportFormatId } from '@/lib/import/import-format';
import { flushWorkspace, hydrateWorkspace, workspaceStore } from '@/lib/workspace/browser-workspace';
import { importedSession } from '@/lib/workspace/imported-session';
import { activeSession } from '@/lib/workspace/workspace-store';

/**
 * Open a captured request as the playground's parent, the way an import opens a file: its body
 * read on the server by the importer of its API, then made the workspace's active session.
 */
export async function openCaptureInPlayground(id: number, api: ImportFormatId): Promise<void> {
  const response = await fetch(`/api/captures/${id}`);
  if (!response.ok) throw new Error(describeHttpError(await readErrorResponse(response)));
  const fileName = `capture-${id}.${api}.json`;
  const { answer, registration } = await importOnServer({ body: await response.text(), fileName, format: api });
  await hydrateWorkspace();
  const init = await importedSession(answer, fileName, () => crypto.randomUUID());
  workspaceStore.getState().openSession(init);
  const opened = activeSession(workspaceStore.getState());
  if (opened !== null && opened.id === init.id) rememberRegistration(opened.transcript, registration);
  await flushWorkspace();
}
