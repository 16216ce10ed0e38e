'use client';

import { useEffect, useState } from 'react';
import { ScrollablePre } from '@/components/scrollable-pre/scrollable-pre';
import { CopyButton } from '@/components/ui/copy-button';
import { Input } from '@/components/ui/input';
import { CAPTURE_SESSION_RULE, CaptureSessionError, captureOrigin, captureSessionName } from '@/lib/recording/capture-session';
import type { PointedRuntime } from '@/lib/verify/runtime-pointing';
import { ORIGIN_PLACEHOLDER, pointingCommand } from '@/lib/verify/runtime-pointing-command';
import styles from './captures.module.css';

const EXAMPLE_PROMPT = 'Fork a subagent to summarise README.md, then tell me what it found.';

function withOrigin(text: string, origin: string): string {
  return text.replaceAll(ORIGIN_PLACEHOLDER, origin);
}

/**
 * Where to point a runtime, first thing on the page: the base URL for each API on the port the
 * app really answers on (the browser's own origin), optionally under a capture session of the
 * person's naming, each with a copy button; then, per runtime Fork Lab drives, the line to paste.
 */
export function PointARuntime({ runtimes }: { runtimes: readonly PointedRuntime[] }) {
  const [appOrigin, setAppOrigin] = useState<string | null>(null);
  const [session, setSession] = useState('');
  useEffect(() => setAppOrigin(window.location.origin), []);

  let error: string | null = null;
  let named: string | null = null;
  if (session.trim() !== '') {
    try {
      named = captureSessionName(session.trim());
    } catch (caught) {
      if (!(caught instanceof CaptureSessionError)) throw caught;
      error = caught.message;
    }
  }
  const origin = captureOrigin(appOrigin ?? '', named);
  const urls = [
    { api: 'OpenAI Chat Completions and Responses', url: `${origin}/v1`, testId: 'base-url-openai' },
    { api: 'Anthropic Messages', url: origin, testId: 'base-url-anthropic' },
  ];
  return (
    <section aria-label="Point a runtime here" className={styles.pointing} data-testid="point-a-runtime">
      <h2>Point a runtime here</h2>
      {appOrigin === null ? (
        <p className={styles.muted}>Reading this server’s address…</p>
      ) : (
        <>
          <ul className={styles.baseUrls}>
            {urls.map(({ api, url, testId }) => (
              <li key={testId}>
                <span>{api}</span>
                <code data-testid={testId}>{url}</code>
                <CopyButton text={url} testId={`copy-${testId}`} />
              </li>
            ))}
          </ul>
          <label>
            Capture session (optional){' '}
            <Input
              value={session}
              onChange={(event) => setSession(event.target.value)}
              placeholder="e.g. my-test-1"
              autoComplete="off"
              spellCheck={false}
              maxLength={200}
              aria-invalid={error !== null || undefined}
              aria-describedby="capture-session-hint"
              data-testid="capture-session-name"
            />
          </label>
          <p id="capture-session-hint" className={styles.muted} role={error === null ? undefined : 'alert'} data-testid="capture-session-hint">
            {error ??
              `Traffic sent under a session's base URL is filed under its name (${CAPTURE_SESSION_RULE}): list it with /api/captures?session=<name> and clear it with DELETE /api/captures?session=<name>, apart from everyone else's.`}
          </p>
          <details data-testid="runtime-commands">
            <summary>The command line for each runtime Fork Lab drives</summary>
            <p className={styles.muted}>
              As <code>fork-lab verify</code> starts them, with the offline model’s name and a placeholder key; with an upstream configured, use your own model
              and key.
            </p>
            {runtimes.map((runtime) => {
              const line = withOrigin(pointingCommand(runtime, EXAMPLE_PROMPT), origin);
              return (
                <div key={runtime.runtime} className={styles.runtimeCommand} data-testid="runtime-command" data-runtime={runtime.runtime}>
                  <h3>
                    {runtime.runtime} <span className={styles.muted}>{runtime.release}</span>
                  </h3>
                  {Object.entries(runtime.files ?? {}).map(([file, text]) => (
                    <div key={file}>
                      <span className={styles.muted}>{file}</span> <CopyButton text={withOrigin(text, origin)} label="Copy file" />
                      <ScrollablePre label={`${runtime.runtime}: ${file}`}>{withOrigin(text, origin)}</ScrollablePre>
                    </div>
                  ))}
                  <ScrollablePre label={`${runtime.runtime}: the command line`} className={styles.commandLine} data-testid="runtime-command-line">
                    {line}
                  </ScrollablePre>
                  <CopyButton text={line} label="Copy command" />
                  {runtime.note === undefined ? null : <p className={styles.muted}>{runtime.note}</p>}
                </div>
              );
            })}
          </details>
          <p className={styles.muted} data-testid="ci-kit-hint">
            In your runtime’s own tests, <code>fork-lab/kit</code> starts an endpoint like this one inside the test, a capture session per test, with assertions
            on each fork (its child against the rules, its cache reuse, its result delivered once); <code>fork-lab verify --driver</code> runs Fork Lab’s
            scenarios on your runtime. The repository’s docs/ci-kit.md shows both.
          </p>
        </>
      )}
    </section>
  );
}
