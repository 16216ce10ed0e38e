'use client';

import { useId, useMemo, useRef, useState } from 'react';
import { forgetRegistration, registerParent } from '@/components/playground/fork-client';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { Textarea } from '@/components/ui/input';
import { openCallsRefusal, openToolCalls } from '@/lib/agent/open-tool-calls';
import { PARENT_PROMPT_MAX_CHARS } from '@/lib/agent/parent-prompt-limit';
import type { ParentTurnEvent } from '@/lib/agent/parent-turn';
import { AGENT_TOOL_NAMES } from '@/lib/agent-call/in-flight-call';
import type { ModelMessage } from '@/lib/fork';
import { ndjsonLines } from '@/lib/http/ndjson-lines';
import { describeHttpError, readErrorResponse } from '@/lib/http/read-error-response';
import { workspaceStore } from '@/lib/workspace/browser-workspace';
import { newChildRecord } from '@/lib/workspace/child-record';
import { exampleForkInWords, forkInWords } from '@/lib/workspace/fork-in-words';
import { settingsOf } from '@/lib/workspace/fork-selection';
import { effectiveProviderRules } from '@/lib/workspace/provider-rules-choice';
import type { ChildRecord, ParentSession } from '@/lib/workspace/workspace';
import { ChatLog } from './chat-log';
import styles from './parent-chat.module.css';

function childRecord(event: Extract<ParentTurnEvent, { type: 'child' }>, session: ParentSession, modelId: string): Promise<ChildRecord> {
  return newChildRecord(
    {
      id: event.childId,
      name: event.name,
      createdAt: event.run.createdAt,
      request: event.request,
      plan: event.plan,
      tokens: event.tokens,
      bootstrap: event.bootstrap,
      agentCallId: event.agentCallId,
      ...(event.familyId === undefined ? {} : { familyId: event.familyId }),
      run: { modelId, status: 'running', finalOutput: null, error: null, deliveredToParent: event.resultByServer, predictedCache: event.run.predictedCache },
    },
    session,
  );
}

/**
 * Talk to the parent agent: the prompt is appended, the model answers and calls tools, and the
 * timeline grows as each message completes. When the model calls the Agent tool, the fork is the
 * runtime's: planned by the engine, started on the server, shown in the fork tree.
 */
export function ParentChat({ session, modelId, launch }: { session: ParentSession; modelId: string; launch: { can: boolean; run(): void } }) {
  const [prompt, setPrompt] = useState('');
  const [live, setLive] = useState('');
  const [busy, setBusy] = useState(false);
  // An error belongs to the parent it was about: kept with the parent's length then, and shown
  // only while the parent is that long (a launch that answered the call makes it moot).
  const [failure, setFailure] = useState<{ message: string; at: number } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const id = useId();
  const transcript = session.transcript;
  // Said before sending, not after: a parent with an unanswered call cannot take a turn.
  const open = useMemo(() => openToolCalls(transcript), [transcript]);
  const blocked = open.length > 0;
  const error = failure !== null && failure.at === transcript.messages.length ? failure.message : null;
  const example = useMemo(() => exampleForkInWords(session.selection), [session.selection]);
  const asked = useMemo(() => {
    const words = forkInWords(session.selection);
    return words !== null && words.length <= PARENT_PROMPT_MAX_CHARS ? words : null;
  }, [session.selection]);
  const fail = (message: string) => setFailure({ message, at: workspaceStore.getState().sessions[session.id]?.transcript.messages.length ?? -1 });

  async function send(words: string = prompt) {
    const text = words.trim();
    if (text === '' || busy || blocked) return;
    setBusy(true);
    setFailure(null);
    setLive('');
    const controller = new AbortController();
    abort.current = controller;
    workspaceStore.getState().setTurnInProgress(session.id, true);
    try {
      let response: Response | null = null;
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const current = workspaceStore.getState().sessions[session.id]!;
        const { parentKey } = await registerParent(current.transcript);
        const rules = effectiveProviderRules(workspaceStore.getState());
        response = await fetch('/api/parent/turn', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            parentKey,
            sessionId: session.id,
            prompt: text,
            modelId,
            policy: current.selection.policy,
            settings: settingsOf(current.selection),
            ...(rules === null ? {} : { providerRules: rules }),
          }),
          signal: controller.signal,
        });
        if (response.status !== 409) break;
        // 409: the server no longer holds this parent (a restart); the next attempt sends it again.
        forgetRegistration(current.transcript);
      }
      if (response === null || !response.ok || response.body === null) {
        throw new Error(response === null ? 'The server did not answer.' : describeHttpError(await readErrorResponse(response)));
      }
      for await (const line of ndjsonLines(response.body)) {
        const event = JSON.parse(line) as ParentTurnEvent;
        const store = workspaceStore.getState();
        if (event.type === 'text-delta') setLive((text) => text + event.text);
        else if (event.type === 'message') {
          setLive('');
          // The prompt leaves the box only once the parent has taken it: a refused turn keeps what was typed.
          if (event.message.role === 'user') setPrompt((current) => (current.trim() === text ? '' : current));
          store.appendParentMessage(event.message as ModelMessage);
        } else if (event.type === 'child') {
          const current = store.sessions[session.id]!;
          store.addChild(await childRecord(event, current, modelId), { acknowledge: false });
        } else if (event.type === 'error') fail(event.message);
      }
    } catch (cause) {
      if (!controller.signal.aborted) fail(cause instanceof Error ? cause.message : String(cause));
    } finally {
      workspaceStore.getState().setTurnInProgress(session.id, false);
      setBusy(false);
      setLive('');
      abort.current = null;
    }
  }

  return (
    <form
      className={styles.chat}
      aria-label="Talk to the parent agent"
      data-testid="parent-chat"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={id}>Talk to the parent agent</label>
      <ChatLog transcript={transcript} policy={session.selection.policy} />
      {live !== '' && (
        <pre className={styles.live} data-testid="parent-live" aria-live="polite">
          {live}
        </pre>
      )}
      <div className={styles.row}>
        <Textarea
          id={id}
          value={prompt}
          rows={2}
          onChange={(event) => setPrompt(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void send();
            }
          }}
          placeholder={`e.g. Use read_file on src/date.ts — or: ${example}`}
          data-testid="parent-prompt"
        />
        {busy ? (
          <Button onClick={() => abort.current?.abort()} data-testid="parent-stop">
            Stop
          </Button>
        ) : (
          <Button type="submit" variant="primary" disabled={prompt.trim() === '' || blocked} data-testid="parent-send">
            Send
          </Button>
        )}
      </div>
      {!busy && (
        <p className={styles.forkFromChat}>
          <Button
            size="sm"
            onClick={() => {
              if (asked === null) return;
              setPrompt(asked);
              void send(asked);
            }}
            disabled={asked === null || blocked}
            title={asked ?? 'The fork controls make no call as they stand: fix the fields marked in red.'}
            data-testid="fork-from-chat"
          >
            Fork from chat
          </Button>
          <span>asks the parent to call its Agent tool as the fork controls say, so the runtime’s own call starts the child.</span>
        </p>
      )}
      {blocked && !busy && (
        <div className={styles.blocked} role="status" data-testid="parent-blocked">
          <p>{openCallsRefusal(open)}</p>
          <div className={styles.fixes}>
            {open.some((call) => AGENT_TOOL_NAMES.has(call.toolName)) && (
              <Button onClick={launch.run} disabled={!launch.can} data-testid="parent-blocked-launch">
                Launch the fork
              </Button>
            )}
            {[...new Set(open.map((call) => call.index))].map((index) => (
              <ConfirmButton
                key={index}
                variant="default"
                confirmLabel={`Delete message #${index} from the parent`}
                onConfirm={() => workspaceStore.getState().deleteParentMessage(index)}
                testId="parent-blocked-delete"
              >
                Delete message #{index}
              </ConfirmButton>
            ))}
          </div>
        </div>
      )}
      {error !== null && (
        <p role="alert" className={styles.error} data-testid="parent-error">
          {error}
        </p>
      )}
    </form>
  );
}
