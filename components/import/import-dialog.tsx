'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { ParentRegistration } from '@/lib/fork-exchange/answers';
import type { ImportAnswer } from '@/lib/import/import-answer';
import type { ImportFormatId } from '@/lib/import/import-format';
import { IMPORT_FORMAT_CHOICES } from '@/lib/import/import-format-choices';
import { formatBytes, IMPORT_LIMITS } from '@/lib/import/import-limits';
import styles from './import.module.css';
import { ImportFailedError, importOnServer } from './import-client';

type Progress = { phase: string; done: number; total: number } | null;

const PHASE_LABELS: Record<string, string> = {
  upload: 'Uploading',
  parse: 'Reading lines',
  convert: 'Converting',
  validate: 'Checking the transcript',
  register: 'Counting tokens',
  receive: 'Receiving messages',
  open: 'Opening the session',
};

export interface PendingImport {
  body: Blob | string;
  fileName: string | null;
}

export interface ImportDialogProps {
  /** A file dropped on the page: the dialog opens with it and imports it at once. */
  dropped: PendingImport | null;
  onClose(): void;
  /** The import succeeded: open it as a new session. Resolves once the session is open. */
  onImported(answer: ImportAnswer, registration: ParentRegistration, fileName: string | null): Promise<void>;
}

/**
 * Import a transcript: pick a file, paste text, or drop a file on the page. The format is detected;
 * when the input fits several, the person chooses. A failed import leaves every session as it was.
 */
export function ImportDialog({ dropped, onClose, onImported }: ImportDialogProps) {
  const [format, setFormat] = useState<ImportFormatId | ''>('');
  const [pasted, setPasted] = useState('');
  const [pending, setPending] = useState<PendingImport | null>(dropped);
  const [progress, setProgress] = useState<Progress>(null);
  const [error, setError] = useState<{ message: string; candidates?: { id: string; label: string }[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const run = useCallback(
    async (input: PendingImport, chosen: ImportFormatId | '') => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setBusy(true);
      setError(null);
      setPending(input);
      setProgress(null);
      try {
        const { answer, registration } = await importOnServer({
          body: input.body,
          fileName: input.fileName ?? undefined,
          format: chosen === '' ? undefined : chosen,
          onProgress: (next) => setProgress({ phase: next.phase, done: next.done, total: next.total }),
          signal: controller.signal,
        });
        setProgress({ phase: 'open', done: 0, total: 0 });
        await onImported(answer, registration, input.fileName);
      } catch (caught) {
        if (controller.signal.aborted) return;
        if (caught instanceof ImportFailedError) setError({ message: caught.body.message, candidates: caught.body.candidates });
        else setError({ message: `The import failed: ${(caught as Error).message}` });
      } finally {
        if (abort.current === controller) {
          setBusy(false);
          setProgress(null);
        }
      }
    },
    [onImported],
  );

  useEffect(() => {
    if (dropped !== null) void run(dropped, '');
  }, [dropped, run]);

  // Leaving the dialog stops an import under way: nothing half-imported is opened later.
  useEffect(() => () => abort.current?.abort(), []);

  const percent = progress === null || progress.total === 0 ? null : Math.round((progress.done / progress.total) * 100);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="[--dialog-width:720px]" data-testid="import-dialog">
        <header className={styles.dialogHeader}>
          <DialogTitle>Import a transcript</DialogTitle>
          <DialogClose asChild>
            <Button variant="ghost" aria-label="Close" data-testid="import-close">
              ×
            </Button>
          </DialogClose>
        </header>
        <DialogDescription>
          Claude Code, Codex, Gemini CLI and Qwen Code sessions, OpenAI and Anthropic request bodies, AI SDK messages, or a Fork Lab bundle. JSON or JSON Lines,
          up to {formatBytes(IMPORT_LIMITS.maxBytes)}; you can also drop a file anywhere on the page.
        </DialogDescription>
        <label className={styles.field}>
          <span>Format</span>
          <NativeSelect value={format} onChange={(event) => setFormat(event.target.value as ImportFormatId | '')} data-testid="import-format">
            <option value="">Detect automatically</option>
            {IMPORT_FORMAT_CHOICES.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))}
          </NativeSelect>
        </label>
        {/* A file or pasted text: one at a time, the file first since most imports are a session file. */}
        <Tabs defaultValue="file">
          <TabsList aria-label="Where the transcript comes from">
            <TabsTrigger value="file" data-testid="import-tab-file">
              File
            </TabsTrigger>
            <TabsTrigger value="paste" data-testid="import-tab-paste">
              Paste
            </TabsTrigger>
          </TabsList>
          <TabsContent value="file">
            <label className={styles.field}>
              <span>File</span>
              <Input
                type="file"
                className="max-w-full"
                accept=".json,.jsonl,.ndjson,.txt,application/json"
                data-testid="import-file"
                disabled={busy}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file !== undefined) void run({ body: file, fileName: file.name }, format);
                  event.target.value = '';
                }}
              />
            </label>
          </TabsContent>
          <TabsContent value="paste" className="grid gap-2">
            <label className={styles.field}>
              <span>The session or request, as text</span>
              <Textarea
                value={pasted}
                onChange={(event) => setPasted(event.target.value)}
                rows={6}
                spellCheck={false}
                placeholder='[{"role": "user", "content": "…"}] or JSON Lines'
                data-testid="import-paste"
              />
            </label>
            <div>
              <Button
                disabled={busy || pasted.trim() === ''}
                onClick={() => void run({ body: pasted, fileName: null }, format)}
                data-testid="import-paste-submit"
              >
                Import pasted text
              </Button>
            </div>
          </TabsContent>
        </Tabs>
        {busy && (
          <div className={styles.actions}>
            <Button onClick={() => abort.current?.abort()} data-testid="import-cancel">
              Cancel
            </Button>
          </div>
        )}
        {busy && (
          <div className={styles.progress} role="status" data-testid="import-progress">
            <span>
              {PHASE_LABELS[progress?.phase ?? 'upload']}
              {pending?.fileName ? ` ${pending.fileName}` : ''}
              {progress !== null && (progress.phase === 'parse' || progress.phase === 'receive') && progress.total > 1
                ? ` · ${progress.phase === 'parse' ? 'line' : 'message'} ${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')}`
                : '…'}
            </span>
            <progress max={100} value={percent ?? undefined} />
          </div>
        )}
        {error !== null && (
          <div role="alert" className={styles.error} data-testid="import-error">
            <p>{error.message}</p>
            <p className={styles.muted}>Nothing was imported; your sessions are unchanged.</p>
            {error.candidates !== undefined && pending !== null && (
              <div className={styles.actions}>
                {error.candidates.map((candidate) => (
                  <Button
                    key={candidate.id}
                    onClick={() => {
                      setFormat(candidate.id as ImportFormatId);
                      void run(pending, candidate.id as ImportFormatId);
                    }}
                    data-testid={`import-as-${candidate.id}`}
                  >
                    Import as {candidate.label}
                  </Button>
                ))}
              </div>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
