'use client';

import { useEffect, useState } from 'react';
import { RuntimeOptions } from '@/components/fork-controls/runtime-options';
import { Input, NativeSelect } from '@/components/ui/input';
import { runtimeOf } from '@/lib/fork';
import { describeHttpError, readErrorResponse } from '@/lib/http/read-error-response';
import type { ImportFormatId } from '@/lib/import/import-format';
import { formatDollars } from '@/lib/provider-cache/request-cost';
import type { CapturedCost } from '@/lib/recording/captured-cost';
import type { ForkFinding } from '@/lib/recording/fork-finding';
import type { CapturedSession } from '@/lib/recording/runtime-sessions';
import type { PointedRuntime } from '@/lib/verify/runtime-pointing';
import { CapturedTimeline } from './captured-timeline';
import styles from './captures.module.css';
import { DifferenceCell, SideBySide } from './difference-cell';
import { openCapturedForkInPlayground, openCaptureInPlayground } from './open-capture';
import { OpenInPlayground } from './open-in-playground';
import { PointARuntime } from './point-a-runtime';
import { TableFrame } from './table-frame';
import { TrafficTimeline } from './traffic-timeline';
import { WindowWhatIf } from './window-what-if';

interface CaptureSummary {
  id: number;
  api: string;
  sessionKey: string | null;
  status: number | null;
  error: string | null;
  startedAt: string;
  messages: number | null;
}

interface Listing {
  captures: CaptureSummary[];
  sessions: (CapturedSession & { cost: CapturedCost })[];
  forks: ForkFinding[];
  /** What the forks were checked by, as asked when this listing was read: the runtime ('' for guessed) and the project folder ('' for none). */
  checkedBy: CheckedBy;
}

interface CheckedBy {
  runtime: string;
  project: string;
}

/** The listing's query: the runtime to check by and the project folder, when given. */
function listingQuery({ runtime, project }: CheckedBy): string {
  const query = new URLSearchParams({ ...(runtime === '' ? {} : { runtime }), ...(project === '' ? {} : { project }) }).toString();
  return query === '' ? '' : `?${query}`;
}

/** How often the page asks again, so traffic shows up as it arrives. */
const POLL_MS = 2000;

/** Captured model traffic: the forks found in it with their verdicts, its sessions and its requests, live. */
export function CapturesView({ runtimes }: { runtimes: readonly PointedRuntime[] }) {
  const [runtime, setRuntime] = useState('');
  // The folder as typed, and as last committed (Enter or leaving the field): the listing polls with the committed one.
  const [projectDraft, setProjectDraft] = useState('');
  const [project, setProject] = useState('');
  const [listing, setListing] = useState<Listing | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A poll that brings what the last one did keeps the listing as it is: a new object would
    // re-render every table and re-run every captured fork's word diff every two seconds.
    let lastText: string | null = null;
    const load = async () => {
      try {
        const response = await fetch(`/api/captures${listingQuery({ runtime, project })}`, { cache: 'no-store' });
        if (!response.ok) throw new Error(describeHttpError(await readErrorResponse(response)));
        const text = await response.text();
        if (!stopped) {
          if (text !== lastText) setListing({ ...(JSON.parse(text) as Omit<Listing, 'checkedBy'>), checkedBy: { runtime, project } });
          lastText = text;
          setError(null);
        }
      } catch (caught) {
        if (!stopped) setError(caught instanceof Error ? caught.message : String(caught));
      }
      if (!stopped) timer = setTimeout(load, POLL_MS);
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [runtime, project]);

  return (
    <main className={styles.page} data-testid="captures-view" data-ready={listing !== null || undefined}>
      <header>
        <h1>Captured traffic</h1>
        <p className={styles.muted}>
          Point a runtime at this server: every request it sends is kept here, and each fork found in it is checked against the runtime’s rules.
        </p>
        <PointARuntime runtimes={runtimes} />
        <label>
          Check forks by{' '}
          <NativeSelect value={runtime} onChange={(event) => setRuntime(event.target.value)} data-testid="captures-runtime">
            <option value="">the runtime each call’s tool suggests</option>
            <RuntimeOptions />
          </NativeSelect>
        </label>{' '}
        <label>
          Project folder{' '}
          <Input
            value={projectDraft}
            onChange={(event) => setProjectDraft(event.target.value)}
            onBlur={() => setProject(projectDraft.trim())}
            onKeyDown={(event) => {
              if (event.key === 'Enter') setProject(projectDraft.trim());
            }}
            placeholder="/path/the/runtime/ran/in"
            autoComplete="off"
            spellCheck={false}
            aria-describedby="captures-project-hint"
            data-testid="captures-project"
          />
        </label>
        <span id="captures-project-hint" className={styles.muted}>
          {' '}
          The folder’s files a call’s rules read there (Qwen’s <code>.qwen/fork-profiles/</code>); left empty, such a call is checked without them.
        </span>
      </header>
      {error === null ? null : (
        <p role="alert" className={styles.muted}>
          {error}
        </p>
      )}
      {/* Importing a log is what a newcomer came for: it comes before the list of what this server captured, however long. */}
      <TrafficTimeline />
      <CapturedTimeline />
      {listing === null ? <p className={styles.muted}>Reading the captures…</p> : <Findings listing={listing} />}
    </main>
  );
}

/** A button that opens something captured in the playground, then goes there; a failure is shown beside it. */

/** The plan's first request against the one the runtime sent, message by message, as the compare view diffs them. */
function ForkItems({ items }: { items: ForkFinding['items'] }) {
  if (items.length === 0) return null;
  const counts = { same: 0, changed: 0, added: 0, removed: 0 };
  for (const item of items) counts[item.kind] += item.count;
  return (
    <details className={styles.items} data-testid="fork-items">
      <summary>
        {counts.same} same · {counts.changed} changed · {counts.added} added · {counts.removed} removed
      </summary>
      <ol>
        {items.map((item) => (
          <li key={`${item.planned} ${item.sent}`} data-kind={item.kind} data-testid="fork-item">
            <span className={styles.verdict} data-verdict={item.kind === 'same' ? 'matches' : 'differs'}>
              {item.kind}
              {item.count > 1 ? ` ×${item.count}` : ''}
            </span>{' '}
            plan {item.planned === null ? '—' : `#${item.planned}`} · sent {item.sent === null ? '—' : `#${item.sent}`} · {item.role} · {item.source}
            {item.count > 1 || item.kind === 'same' ? null : (
              // Planned beside sent, over the stretch where they part for a changed message.
              <SideBySide planned={item.kind === 'added' ? null : (item.was ?? item.text)} sent={item.kind === 'removed' ? null : item.text} />
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** A table's frame that scrolls sideways on a phone, so the page never does; a keyboard can scroll it too. */
/** Open a session's latest request as the playground's parent. */
function OpenSession({ captureId, api }: { captureId: number; api: string | undefined }) {
  if (api === undefined) return null;
  return <OpenInPlayground open={() => openCaptureInPlayground(captureId, api as ImportFormatId)} testId="open-capture" label="Open in the playground" />;
}

const GUESSED_FROM: Record<NonNullable<ForkFinding['guessedFrom']>, string> = {
  rules: 'guessed: its Agent tool fits the call and its rules reproduce the child',
  boilerplate: 'guessed from the fork boilerplate the child carries',
  'agent-tool': 'guessed from its Agent tool alone',
};

const tokens = (value: number) => value.toLocaleString('en-US');

/** What a session's answers reported reading, writing and paying in full, and its dollars at the rules' prices. */
function SessionCost({ cost }: { cost: CapturedCost }) {
  if (cost.reported === 0) {
    return (
      <td colSpan={2} className={styles.muted} data-testid="session-cost">
        no usage reported
      </td>
    );
  }
  return (
    <>
      <td className={styles.figures} data-testid="session-usage" title={`${cost.reported} of ${cost.requests} answers reported usage`}>
        {tokens(cost.cachedTokens)} / {tokens(cost.writtenTokens)} / {tokens(cost.uncachedTokens)}
      </td>
      <td className={styles.figures} data-testid="session-cost" title={cost.cost.missing.length > 0 ? `missing: ${cost.cost.missing.join(', ')}` : undefined}>
        {formatDollars(cost.cost)}
      </td>
    </>
  );
}

function Findings({ listing }: { listing: Listing }) {
  return (
    <>
      <section aria-label="Forks">
        <h2>Forks</h2>
        {listing.forks.length === 0 ? (
          <p className={styles.muted}>No fork found yet: a fork is a request that carries the task of an Agent call another request made.</p>
        ) : (
          <TableFrame>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Parent → child</th>
                  <th scope="col">Runtime</th>
                  <th scope="col">Verdict</th>
                  <th scope="col">First difference</th>
                  <th scope="col">Shared prefix</th>
                  <th scope="col">Playground</th>
                </tr>
              </thead>
              <tbody>
                {listing.forks.map((fork) => (
                  <tr key={`${fork.parentId} ${fork.childId} ${fork.toolCallId}`} data-testid="fork-row" data-child={fork.childId}>
                    <td>
                      #{fork.parentId} → #{fork.childId}{' '}
                      <span className={styles.muted}>({fork.startedBy === 'program' ? 'started by the program' : fork.toolName})</span>
                    </td>
                    <td>
                      {fork.runtime}
                      {fork.guessedFrom === null ? null : (
                        <span className={styles.muted} data-testid="fork-guess">
                          {' '}
                          ({GUESSED_FROM[fork.guessedFrom]})
                        </span>
                      )}
                    </td>
                    <td>
                      <span className={styles.verdict} data-verdict={fork.verdict} data-testid="fork-verdict">
                        {fork.verdict}
                      </span>
                      {fork.errors?.map((message) => (
                        <p key={message} className={styles.muted}>
                          {message}
                        </p>
                      ))}
                    </td>
                    <td className={styles.code} data-testid="fork-difference">
                      {fork.difference === null ? '—' : <DifferenceCell difference={fork.difference} />}
                      <ForkItems items={fork.items} />
                    </td>
                    <td>
                      {fork.sharedPrefixMessages} message{fork.sharedPrefixMessages === 1 ? '' : 's'}
                    </td>
                    <td>
                      {fork.verdict === 'refused' || fork.startedBy === 'program' ? null : (
                        <>
                          <OpenInPlayground
                            open={() => openCapturedForkInPlayground(fork, listing.checkedBy)}
                            testId="open-captured-fork"
                            label="Open parent and child"
                          />
                          {runtimeOf(fork.runtime).controls.window === undefined ? null : <WindowWhatIf fork={fork} checkedBy={listing.checkedBy} />}
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
      </section>
      <section aria-label="Sessions">
        <h2>Sessions</h2>
        <TableFrame>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Session</th>
                <th scope="col">Grouped by</th>
                <th scope="col">Requests</th>
                <th scope="col">Messages</th>
                <th scope="col">
                  Reported
                  <br />
                  read / written / full
                </th>
                <th scope="col">Input cost</th>
                <th scope="col">Playground</th>
              </tr>
            </thead>
            <tbody>
              {listing.sessions.map((session) => (
                <tr key={session.id} data-testid="session-row" data-captures={session.captureIds.join(' ')}>
                  <td>{session.title}</td>
                  <td>{session.by === 'runtime-id' ? session.key : 'prefix continuity'}</td>
                  <td>
                    {session.captureIds.map((id) => (
                      <a key={id} href={`/api/captures/${id}`} download>
                        #{id}{' '}
                      </a>
                    ))}
                  </td>
                  <td>{session.messages}</td>
                  <SessionCost cost={session.cost} />
                  <td>
                    <OpenSession
                      captureId={session.captureIds.at(-1)!}
                      api={listing.captures.find((capture) => capture.id === session.captureIds.at(-1))?.api}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      </section>
      <p className={styles.muted}>
        {listing.captures.length} newest request{listing.captures.length === 1 ? '' : 's'}; a request’s number downloads its body as the runtime sent it, to
        import in the playground.
      </p>
    </>
  );
}
