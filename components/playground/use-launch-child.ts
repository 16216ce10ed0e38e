'use client';

import { useCallback, useState } from 'react';
import { type ForkFamily, type ForkRequest, familyRequests, type ParentTranscript } from '@/lib/fork';
import { bootstrapOf } from '@/lib/fork-exchange/launch-answer';
import { childName } from '@/lib/view/child-name';
import { workspaceStore } from '@/lib/workspace/browser-workspace';
import { newChildRecord } from '@/lib/workspace/child-record';
import { effectiveProviderRules } from '@/lib/workspace/provider-rules-choice';
import type { ParentSession } from '@/lib/workspace/workspace';
import { launchChild } from './fork-client';

function newId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Launch a child on the server for the current request and record it in the workspace, with the
 * parent as it was forked (including the Agent call Fork Lab wrote, when it wrote one). A request
 * that starts a family (`family`, from its preview) launches every member, in the runtime's order,
 * from the one call: the first launch writes it, the others find it in flight.
 */
export function useLaunchChild(input: {
  canLaunch: boolean;
  session: ParentSession | null;
  transcript: ParentTranscript | null;
  request: ForkRequest | null;
  family: ForkFamily | undefined;
  modelId: string;
}) {
  const { canLaunch, session, transcript, request, family, modelId } = input;
  const [launching, setLaunching] = useState(false);
  const [launchError, setLaunchError] = useState<string | null>(null);

  const launch = useCallback(async () => {
    if (!canLaunch || transcript === null || request === null || session === null) return;
    setLaunching(true);
    setLaunchError(null);
    try {
      const requests = familyRequests(request, family);
      const familyId = requests.length > 1 ? newId('family') : undefined;
      let parent = transcript;
      let revision = session.revision;
      for (const [position, memberRequest] of requests.entries()) {
        const childId = newId('child');
        const member = family?.members[position];
        const name = member?.name ?? childName(memberRequest, session.children.length + 1);
        const providerRules = effectiveProviderRules(workspaceStore.getState());
        const { answer } = await launchChild(parent, memberRequest, { childId, name, modelId, sessionId: session.id, providerRules });
        if (answer.status !== 'ok') throw new Error(position === 0 ? answer.message : `${name}: ${answer.message}`);
        if (answer.writtenCall !== null) {
          parent = { ...parent, messages: [...parent.messages, answer.writtenCall] };
          revision += 1;
        }
        const child = await newChildRecord(
          {
            id: childId,
            name,
            createdAt: new Date().toISOString(),
            request: memberRequest,
            plan: answer.plan,
            tokens: answer.tokens,
            bootstrap: bootstrapOf(answer),
            agentCallId: answer.agentCallId,
            ...(familyId === undefined ? {} : { familyId }),
            run:
              answer.run === undefined
                ? null
                : { modelId, status: answer.run.status, finalOutput: null, error: null, deliveredToParent: false, predictedCache: answer.run.predictedCache },
          },
          { transcript: parent, revision },
        );
        workspaceStore.getState().addChild(child, { writtenCall: answer.writtenCall });
      }
    } catch (error) {
      setLaunchError(error instanceof Error ? error.message : String(error));
    } finally {
      setLaunching(false);
    }
  }, [canLaunch, transcript, request, family, session, modelId]);

  return { launch, launching, launchError };
}
