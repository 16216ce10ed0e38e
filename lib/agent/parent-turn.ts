import { jsonSchema, type LanguageModel, type ModelMessage, streamText, type ToolSet, tool } from 'ai';
import { liveAgentToolName } from '@/lib/agent-call/agent-call';
import { AGENT_TOOL_NAMES } from '@/lib/agent-call/in-flight-call';
import {
  buildBootstrapRecord,
  type FamilyMember,
  type FamilyOutcome,
  type ForkBootstrapRecord,
  type ForkPlan,
  type ForkPolicy,
  type ForkRequest,
  familyRequests,
  type ParentTranscript,
  planForkFamily,
  type RefusalOutput,
  runtimeOf,
  type ToolDeclaration,
} from '@/lib/fork';
import { FAMILY_OUTCOME_OF_RUN, type PredictedCache, type RunRecord } from '@/lib/fork-exchange/run-record';
import type { ChildTokenReport } from '@/lib/tokens/child-token-report';
import { childName } from '@/lib/view/child-name';
import { agentToolDeclaration, forkRequestFromCall } from './agent-tool';
import { type ChildRuns, describeError } from './child-runs';
import { openCallsRefusal, openToolCalls } from './open-tool-calls';

/** An Agent call's answer: a result, or a refusal shaped as the runtime shapes a failed call. */
type CallOutput = RefusalOutput;

/** A call that started a family of children, waiting for all of them. */
interface FamilyWait {
  toolCallId: string;
  toolName: string;
  /** `childId` null: the member's launch failed, with `error`. */
  members: { childId: string | null; member: FamilyMember; error?: string }[];
  runtimeVersion: string | undefined;
}

/** The family's one call result, once every member has ended, as the runtime renders it. */
async function familyResult(family: FamilyWait, policy: ForkPolicy, runs: ChildRuns): Promise<CallOutput> {
  const outcomes: FamilyOutcome[] = [];
  for (const { childId, member, error } of family.members) {
    if (childId === null) {
      outcomes.push({ member, status: 'failed', error: error ?? 'the child did not start' });
      continue;
    }
    await runs.settled(childId);
    const run = runs.record(childId);
    if (run === null || run === undefined || run.status === 'running') {
      outcomes.push({ member, agentId: childId, status: 'failed', error: 'the child vanished' });
      continue;
    }
    outcomes.push({
      member,
      agentId: childId,
      status: FAMILY_OUTCOME_OF_RUN[run.status],
      ...(run.finalOutput ? { result: run.finalOutput } : {}),
      ...(run.error ? { error: run.error } : {}),
    });
  }
  const { delivery } = runtimeOf(policy);
  const seconds = Math.max(0, ...family.members.flatMap(({ childId }) => (childId === null ? [] : [runSeconds(runs.record(childId))])));
  return { type: 'text', value: delivery.kind === 'family-result' ? delivery.render(outcomes, { runtimeVersion: family.runtimeVersion, seconds }) : '' };
}

/** How long a run took, from its record: what a runtime that says so tells its parent. */
function runSeconds(run: { createdAt: string; updatedAt: string } | null | undefined): number {
  if (run === null || run === undefined) return 0;
  return Math.max(0, (Date.parse(run.updatedAt) - Date.parse(run.createdAt)) / 1000);
}

/** What the browser hears while the parent agent takes a turn. */
export type ParentTurnEvent =
  | { type: 'message'; message: ModelMessage }
  | { type: 'text-delta'; text: string }
  | {
      type: 'child';
      childId: string;
      name: string;
      agentCallId: string;
      /** Children one call started together share it. */
      familyId?: string;
      request: ForkRequest;
      plan: ForkPlan;
      tokens: ChildTokenReport;
      bootstrap: ForkBootstrapRecord;
      run: RunRecord;
      /** Whether the server delivers the result as the Agent call's result (the parent waits). */
      resultByServer: boolean;
    }
  | { type: 'error'; message: string }
  | { type: 'done' };

export interface ParentTurnInput {
  parent: ParentTranscript;
  prompt: string;
  policy: ForkPolicy;
  /** The runtime's choices that are not call arguments (Kimi's notice version), from the controls. */
  settings?: Readonly<Record<string, string>>;
  modelId: string;
  sessionId: string;
  signal?: AbortSignal;
  maxSteps?: number;
}

export interface ParentTurnDependencies {
  runs: ChildRuns;
  model(id: string): LanguageModel;
  tools(sessionId: string, declarations: readonly ToolDeclaration[]): ToolSet;
  redact(text: string): string;
  newChildId(): string;
  /** Token counts of a child's first request, planned on `parent`. */
  tokens(plan: ForkPlan, parent: ParentTranscript): Promise<ChildTokenReport>;
  /** The cache forecast for the provider the child's model goes to, kept with its run. */
  predictCache?(plan: ForkPlan, parent: ParentTranscript): Promise<PredictedCache | null>;
}

/**
 * The parent's tools for a live turn: its own declarations, with the selected runtime's Agent tool
 * in place of whatever Agent tool the parent was recorded with (a scenario written for another
 * runtime, an imported session), so the model is offered exactly the parameters the runtime takes.
 * It keeps the name the parent's history calls it by.
 */
export function liveParentTools(policy: ForkPolicy, declared: readonly ToolDeclaration[]): ToolDeclaration[] {
  const runtimeTool = agentToolDeclaration(policy);
  const others = declared.filter((tool) => !AGENT_TOOL_NAMES.has(tool.name));
  return [...others, { ...runtimeTool, name: liveAgentToolName(policy, declared) }];
}

/**
 * One turn of the parent agent: the person's prompt, then model steps until it stops calling
 * tools. File tools run in the session's sandbox. Agent calls are the runtime's: each is planned
 * by the engine on the parent exactly as it stands at that call (its own call in flight, siblings
 * included), rejected calls come back as the runtime's tool error, and accepted forks start
 * detached — a Qwen fork's call is answered with the placeholder at once; the other runtimes'
 * calls wait for the child's final output, which is all the parent ever receives of it.
 */
export async function* runParentTurn(input: ParentTurnInput, deps: ParentTurnDependencies): AsyncGenerator<ParentTurnEvent> {
  const profile = input.parent.profile;
  const declarations = liveParentTools(input.policy, profile.tools);
  const executable = deps.tools(
    input.sessionId,
    declarations.filter((tool) => !AGENT_TOOL_NAMES.has(tool.name)),
  );
  const tools: ToolSet = { ...executable };
  for (const declaration of declarations.filter((tool) => AGENT_TOOL_NAMES.has(tool.name))) {
    // No execute: the loop below handles Agent calls itself, after the step, with the whole message.
    tools[declaration.name] = tool({
      description: declaration.description,
      inputSchema: jsonSchema((declaration.inputSchema ?? { type: 'object' }) as Parameters<typeof jsonSchema>[0]),
    });
  }
  const open = openToolCalls(input.parent);
  if (open.length > 0) {
    yield { type: 'error', message: openCallsRefusal(open) };
    yield { type: 'done' };
    return;
  }
  const model = deps.model(input.modelId);
  const added: ModelMessage[] = [{ role: 'user', content: [{ type: 'text', text: input.prompt }] }];
  yield { type: 'message', message: added[0]! };

  try {
    for (let step = 0; step < (input.maxSteps ?? 8); step += 1) {
      const result = streamText({
        model,
        system: profile.systemInstruction,
        messages: [...input.parent.messages.map((entry) => entry.message), ...added],
        // An imported parent's own system and developer messages are part of what it recorded.
        allowSystemInMessages: true,
        tools,
        maxRetries: 0,
        abortSignal: input.signal,
        // Errors are reported to the browser, redacted, from the stream below; the SDK's default
        // handler would print the provider's raw error to the server log.
        onError: () => undefined,
      });
      let failure: unknown = null;
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') yield { type: 'text-delta', text: part.text };
        if (part.type === 'error') failure = part.error;
      }
      if (failure !== null) throw failure;
      for (const message of (await result.response).messages) {
        added.push(message as ModelMessage);
        yield { type: 'message', message: message as ModelMessage };
      }
      const agentCalls = (await result.toolCalls).filter((call) => AGENT_TOOL_NAMES.has(call.toolName));
      if (agentCalls.length === 0) {
        if ((await result.finishReason) === 'tool-calls') continue;
        break;
      }

      // Every fork of this step sees the same parent: through the assistant message that holds
      // all the step's Agent calls, none of them answered yet.
      const transcript: ParentTranscript = {
        profile,
        messages: [...input.parent.messages, ...added.map((message, index) => ({ id: `live-${input.parent.messages.length + index}`, message }))],
      };
      const results: { type: 'tool-result'; toolCallId: string; toolName: string; output: CallOutput }[] = [];
      const { refusal } = runtimeOf(input.policy);
      const waiting: { toolCallId: string; toolName: string; childId: string; runtimeVersion: string | undefined }[] = [];
      const families: FamilyWait[] = [];
      for (const call of agentCalls) {
        const request = forkRequestFromCall(input.policy, call.input, input.settings);
        const plans = planForkFamily(transcript, request);
        const plan = plans[0]!;
        const answer = (output: CallOutput) => results.push({ type: 'tool-result', toolCallId: call.toolCallId, toolName: call.toolName, output });
        // Refusals read as the runtime shapes a failed call, in the runtime's own words.
        if (plan.errors.length > 0) {
          answer(refusal(plan.errors.map((error) => error.message).join(' '), plan.runtimeVersion));
          continue;
        }
        if (plan.child === null) {
          answer(refusal(`${plan.freshReason ?? 'not a fork'}. Fork Lab runs forks only: call again with the fork parameters.`, plan.runtimeVersion));
          continue;
        }
        const { delivery } = runtimeOf(input.policy);
        const members: FamilyWait['members'] = [];
        // Every member of a family gets its own id for the family, unique across turns (a model may
        // reuse a call id), so two swarms never read as one.
        const familyId = plans[0]!.family === undefined ? undefined : `family-${deps.newChildId()}`;
        let launchError: string | null = null;
        const requests = familyRequests(request, plan.family);
        for (const [position, memberPlan] of plans.entries()) {
          const childId = deps.newChildId();
          const member = memberPlan.family?.members.find((candidate) => candidate.index === memberPlan.family!.member);
          const name = member?.name ?? childName(requests[position]!);
          const bootstrap = buildBootstrapRecord(memberPlan, { childId, parentAgentId: profile.agentId });
          // The forecast is a comparison kept with the run: one that fails leaves the run without it, nothing more.
          const predictedCache = (await deps.predictCache?.(memberPlan, transcript).catch(() => null)) ?? null;
          let run: RunRecord;
          try {
            run = deps.runs.launch({ runId: childId, sessionId: input.sessionId, name, modelId: input.modelId, bootstrap, predictedCache });
          } catch (error) {
            // Too many children running, say. A family member that cannot start is reported in the
            // family's result as one that did not start, as Kimi reports a spawn that failed.
            launchError = error instanceof Error ? error.message : String(error);
            if (member !== undefined) members.push({ childId: null, member, error: launchError });
            continue;
          }
          yield {
            type: 'child',
            childId,
            name,
            agentCallId: call.toolCallId,
            ...(familyId === undefined ? {} : { familyId }),
            request: requests[position]!,
            plan: memberPlan,
            tokens: await deps.tokens(memberPlan, transcript),
            bootstrap,
            run,
            resultByServer: delivery.kind !== 'background-notification',
          };
          if (member !== undefined) members.push({ childId, member });
          else if (delivery.kind === 'call-result')
            waiting.push({ toolCallId: call.toolCallId, toolName: call.toolName, childId, runtimeVersion: plan.runtimeVersion });
          else if (delivery.kind === 'background-notification') answer({ type: 'text', value: delivery.placeholder });
        }
        // The model hears a launch that started nothing as this call's error.
        if (launchError !== null && members.every((entry) => entry.childId === null)) answer(refusal(launchError, plan.runtimeVersion));
        else if (members.length > 0) families.push({ toolCallId: call.toolCallId, toolName: call.toolName, members, runtimeVersion: plan.runtimeVersion });
      }
      for (const wait of waiting) {
        await deps.runs.settled(wait.childId);
        const run = deps.runs.record(wait.childId);
        const { delivery } = runtimeOf(input.policy);
        const result = run?.finalOutput ?? '';
        const output: CallOutput =
          run?.status === 'finished'
            ? {
                type: 'text',
                value:
                  delivery.kind === 'call-result' && delivery.render !== undefined
                    ? delivery.render({ agentId: wait.childId, result, caller: profile, runtimeVersion: wait.runtimeVersion, seconds: runSeconds(run) })
                    : result,
              }
            : refusal(`the child ${run?.status ?? 'vanished'}: ${run?.error ?? 'no details'}`, wait.runtimeVersion);
        results.push({ type: 'tool-result', toolCallId: wait.toolCallId, toolName: wait.toolName, output });
      }
      for (const family of families) {
        results.push({
          type: 'tool-result',
          toolCallId: family.toolCallId,
          toolName: family.toolName,
          output: await familyResult(family, input.policy, deps.runs),
        });
      }
      // Results in call order, as a runtime answers a parallel batch.
      const order = agentCalls.map((call) => call.toolCallId);
      results.sort((a, b) => order.indexOf(a.toolCallId) - order.indexOf(b.toolCallId));
      const toolMessage: ModelMessage = { role: 'tool', content: results };
      added.push(toolMessage);
      yield { type: 'message', message: toolMessage };
    }
  } catch (error) {
    yield { type: 'error', message: deps.redact(describeError(error)) };
  }
  yield { type: 'done' };
}
