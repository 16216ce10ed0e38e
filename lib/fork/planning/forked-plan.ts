import type { ChildInheritance, ChildMessage, ChildRequest, ForkPlan, ForkWindow, ParentRange } from '../fork-plan';
import type { ForkPolicy } from '../fork-policy';
import { copyUnlessFrozen } from '../transcript/deep-clone';
import type { AgentProfile, ToolDeclaration } from '../transcript/transcript';
import { cacheReuse, withModel } from './cache-reuse';

/** What a runtime's planner decided; the rest of the child comes from the parent's profile. */
export interface ForkedChild {
  policy: ForkPolicy;
  profile: AgentProfile;
  initialMessages: ChildMessage[];
  firstPrompt: ChildRequest['firstPrompt'];
  parent: ParentRange[];
  window: ForkWindow;
  inheritance: ChildInheritance;
  /** The child's own system instruction and tools, when the runtime does not give it the parent's. */
  systemInstruction?: string;
  tools?: readonly ToolDeclaration[];
  /** What the call chose instead of the parent's model, effort and profile, for a runtime that lets it. */
  model?: string;
  thinkingLevel?: string;
  profileName?: string;
  /** The caller's id, for a runtime that records fork provenance (Kimi's `forkedFrom`). */
  forkedFrom?: string;
  /** Whether the child keeps the parent's approval mode and thinking level (a fresh scope does not). */
  keepsModes: boolean;
}

/**
 * The plan of a fork that starts a child: one child one level deeper than its parent, on the
 * parent's model, and what a prompt cache could reuse between the parent's next request and it.
 */
export function forkedPlan(decided: ForkedChild): ForkPlan {
  const { profile, initialMessages } = decided;
  const systemInstruction = decided.systemInstruction ?? profile.systemInstruction;
  const tools = decided.tools ?? profile.tools;
  return {
    policy: decided.policy,
    mode: 'fork',
    errors: [],
    child: {
      profileName: decided.profileName ?? profile.name,
      ...(decided.forkedFrom !== undefined ? { forkedFrom: decided.forkedFrom } : {}),
      approvalSubject: profile.name,
      systemInstruction,
      // The child must never share a writable declaration object with its parent's profile.
      tools: copyUnlessFrozen([...tools]),
      model: decided.model ?? profile.model,
      depth: profile.depth + 1,
      ...(decided.keepsModes && profile.approvalMode !== undefined ? { approvalMode: profile.approvalMode } : {}),
      ...thinkingLevelOf(decided),
      inheritance: decided.inheritance,
      initialMessages,
      firstPrompt: decided.firstPrompt,
    },
    parent: decided.parent,
    window: decided.window,
    cache: withModel(
      cacheReuse(initialMessages, profile.systemInstruction, profile.tools, systemInstruction, tools),
      decided.model ?? profile.model,
      profile.model,
    ),
    warnings: [],
  };
}

function thinkingLevelOf({ thinkingLevel, keepsModes, profile }: ForkedChild): { thinkingLevel?: string } {
  if (thinkingLevel !== undefined) return { thinkingLevel };
  return keepsModes && profile.thinkingLevel !== undefined ? { thinkingLevel: profile.thinkingLevel } : {};
}

/**
 * The profile a planned child runs with, should it plan a fork of its own: one level below its
 * parent and marked as a fork child, which is where it runs whatever its history says.
 */
export function childProfile(child: ChildRequest, agentId: string): AgentProfile {
  return {
    agentId,
    name: child.profileName,
    systemInstruction: child.systemInstruction,
    tools: copyUnlessFrozen(child.tools),
    model: child.model,
    depth: child.depth,
    forkChild: true,
    ...(child.approvalMode !== undefined ? { approvalMode: child.approvalMode } : {}),
    ...(child.thinkingLevel !== undefined ? { thinkingLevel: child.thinkingLevel } : {}),
  };
}
