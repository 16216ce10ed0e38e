import type { ForkFamily, ForkParameterError, ForkPlan } from './fork-plan';
import { parseForkRequest } from './fork-request-schema';
import { cacheReuse, withModel } from './planning/cache-reuse';
import { rejectedPlan } from './planning/refused-plans';
import type { RuntimeVersions } from './runtime-version';
import { type ForkRequest, runtimeOf } from './runtimes';
import type { ParentTranscript } from './transcript/transcript';

function checkForkPoint(forkPoint: unknown, length: number): ForkParameterError | null {
  if (forkPoint === undefined) return null;
  if (typeof forkPoint !== 'number' || !Number.isInteger(forkPoint) || forkPoint < 0 || forkPoint > length) {
    return {
      parameter: 'forkPoint',
      code: 'fork_point_range',
      message: `forkPoint must be a whole number of messages from 0 to ${length} (the parent's length); got ${String(forkPoint)}.`,
    };
  }
  return null;
}

/**
 * Decide exactly what a forked child receives. The one entry point every caller uses — the UI,
 * the server actions, the HTTP API and the agent runtime — so no rule lives anywhere else.
 *
 * Pure: the parent is read, never written, and nothing in the plan shares an object with it.
 * Parameter problems do not throw; they come back in `plan.errors`, in the runtime's order and
 * words, with `plan.child` null. The fork point is checked first (it decides which transcript the
 * runtime sees), then the policy's own parameters, then that the directive is not blank.
 */
export function planFork(parent: ParentTranscript, request: ForkRequest): ForkPlan {
  const length = parent.messages.length;
  const forkPointError = checkForkPoint(request.forkPoint, length);
  if (forkPointError !== null) return rejectedPlan(request.policy, [forkPointError], length);
  const end = request.forkPoint ?? length;
  const runtime = runtimeOf(request.policy);
  const version = request.runtimeVersion === undefined ? runtime.versions[0] : runtime.versions.find((candidate) => candidate.id === request.runtimeVersion);
  if (version === undefined) return rejectedPlan(request.policy, [unknownVersion(runtime.versions, request.runtimeVersion)], length);
  const plan = runtime.planRequest(parent, { ...request, runtimeVersion: version.id }, end);
  return { ...withChildSystemInstruction(plan, parent, request.childSystemInstruction), runtimeVersion: version.id };
}

function unknownVersion(versions: RuntimeVersions, asked: unknown): ForkParameterError {
  return {
    parameter: 'runtimeVersion',
    code: 'runtime_version_unknown',
    message: `runtimeVersion must be one of ${versions.map((version) => `"${version.id}"`).join(', ')}; got ${JSON.stringify(asked)}.`,
  };
}

/** Text a plan carries when a person replaced the child's system instruction. */
export const SYSTEM_INSTRUCTION_REPLACED = "The child's system instruction was replaced for this experiment: the runtime itself would send the one it builds.";

/**
 * The plan with the child's system instruction a person asked to try. Everything after planning
 * reads the plan, so the preview, a launch, the exports and the cache forecast all see the same one.
 */
function withChildSystemInstruction(plan: ForkPlan, parent: ParentTranscript, systemInstruction: string | undefined): ForkPlan {
  const child = plan.child;
  if (systemInstruction === undefined || child === null || child.systemInstruction === systemInstruction) return plan;
  const profile = parent.profile;
  return {
    ...plan,
    child: { ...child, systemInstruction },
    cache: withModel(cacheReuse(child.initialMessages, profile.systemInstruction, profile.tools, systemInstruction, child.tools), child.model, profile.model),
    warnings: [...plan.warnings, SYSTEM_INSTRUCTION_REPLACED],
  };
}

/**
 * The project files (paths from its root) the request's runtime reads to plan it: what a reader
 * with the project at hand passes back as the request's `projectFiles`.
 */
export function projectFilesRead(request: ForkRequest): string[] {
  return runtimeOf(request.policy).projectFilesRead?.(request) ?? [];
}

/**
 * The request of each member of a family, in launch order, each naming its member; for a request
 * that starts one child, that request alone.
 */
export function familyRequests(request: ForkRequest, family: ForkFamily | undefined): ForkRequest[] {
  const { memberRequest } = runtimeOf(request.policy);
  if (family === undefined || memberRequest === undefined) return [request];
  // Checked against the registry's schemas: the widened runtime hands back its own request type unchecked.
  return family.members.map((member) => parseForkRequest(memberRequest(request, member.index)));
}

/**
 * The plan of every child one call starts, in launch order: the request's own plan, or, when it
 * starts a family (Kimi's AgentSwarm), one plan per member, each with that member as its child.
 * Planning them one by one keeps each child's messages its own: no two members share an object.
 */
export function planForkFamily(parent: ParentTranscript, request: ForkRequest): ForkPlan[] {
  const plan = planFork(parent, request);
  const runtime = runtimeOf(request.policy);
  if (plan.family === undefined || runtime.memberRequest === undefined) return [plan];
  const memberRequest = runtime.memberRequest;
  return plan.family.members.map((member) =>
    member.index === plan.family!.member ? plan : planFork(parent, parseForkRequest(memberRequest(request, member.index))),
  );
}
