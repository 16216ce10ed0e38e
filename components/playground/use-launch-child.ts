'use client';

import { useCallback, useState } from 'react';
import { type ForkRequest, type ParentTranscript, runtimeOf } from '@/lib/fork';
import { workspaceStore } from '@/lib/workspace/browser-workspace';
import { newChildRecord } from '@/lib/workspace/child-record';
import type { ParentSession } from '@/lib/workspace/workspace';
import { launchChild } from './fork-client';

/** A child's name: its number, and the window it was given when the runtime's window is a count of turns. */
function childName(session: ParentSession, request: ForkRequest): string {
  const field = runtimeOf(request.policy).controls.window?.field;
  const value = Object.entries(request.params).find(([name]) => name === field)?.[1];
  return `child ${session.children.length + 1}${typeof value === 'string' ? ` · ${field} ${value}` : ''}`;
}

/**
 * Launch a child on the server for the current request and record it in the workspace, with the
 * parent as it was forked (including the Agent call Fork Lab wrote, when it wrote one).
 */
export function useLaunchChild(input: {
  canLaunch: boolean;
  session: ParentSession | null;
  transcript: ParentTranscript | null;
  request: ForkRequest | null;
  modelId: string;
}) {
  const { canLaunch, session, transcript, request, modelId } = input;
  const [launching, setLaunching] = useState(false);
  const [launchError, setLaunchError] = useState<string | null>(null);

  const launch = useCallback(async () => {
    if (!canLaunch || transcript === null || request === null || session === null) return;
    setLaunching(true);
    setLaunchError(null);
    try {
      const childId = `child-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      const name = childName(session, request);
      const { answer } = await launchChild(transcript, request, { childId, name, modelId, sessionId: session.id });
      if (answer.status !== 'ok') throw new Error(answer.message);
      const asForked = answer.writtenCall === null ? transcript : { ...transcript, messages: [...transcript.messages, answer.writtenCall] };
      const child = await newChildRecord(
        {
          id: childId,
          name,
          createdAt: new Date().toISOString(),
          request,
          plan: answer.plan,
          tokens: answer.tokens,
          bootstrap: answer.bootstrap,
          agentCallId: answer.agentCallId,
          run: answer.run === undefined ? null : { modelId, status: answer.run.status, finalOutput: null, error: null, deliveredToParent: false },
        },
        { transcript: asForked, revision: session.revision + (answer.writtenCall === null ? 0 : 1) },
      );
      workspaceStore.getState().addChild(child, { writtenCall: answer.writtenCall });
    } catch (error) {
      setLaunchError(error instanceof Error ? error.message : String(error));
    } finally {
      setLaunching(false);
    }
  }, [canLaunch, transcript, request, session, modelId]);

  return { launch, launching, launchError };
}
