import 'server-only';
import { type ForkPlan, type ForkRequest, familyRequests } from '@/lib/fork';
import type { FamilyCachePreview } from '@/lib/fork-exchange/answers';
import { PROVIDER_RULES, type ProviderRules } from '@/lib/provider-cache/provider-rules';
import { initialMessageTokens } from '@/lib/tokens/child-token-report';
import { cacheRequestsFor, type FamilyMemberCache, familyCacheReport } from './fork-cache';
import { parentCache, type RegisteredParent } from './parent-cache';
import { forkOf } from './registered-fork';
import { counterFor } from './token-counters';

/** Members of one call's family whose cache the preview forecasts: enough to show siblings reading each other. */
export const FAMILY_FORECAST_MEMBERS = 8;

/** The cache of the members one call starts (Kimi's AgentSwarm): the first few, and the one shown wherever it stands. */
export async function familyMembersCache(
  parent: RegisteredParent,
  request: ForkRequest,
  family: NonNullable<ForkPlan['family']>,
  signal?: AbortSignal,
): Promise<FamilyMemberCache[]> {
  const requests = familyRequests(request, family);
  const shown = family.members.flatMap((member, index) =>
    index < FAMILY_FORECAST_MEMBERS || member.index === family.member ? [{ member, request: requests[index]! }] : [],
  );
  const planned = await memberCaches(
    parent,
    shown.map(({ member, request: memberRequest }) => ({ request: memberRequest, atSeconds: member.launchAfterMs / 1000 })),
    signal,
  );
  return planned.map((entry, index) => ({
    ...entry,
    label: `#${shown[index]!.member.index}`,
    ...(shown[index]!.member.index === family.member ? { focus: true as const } : {}),
  }));
}

async function memberCaches(
  parent: RegisteredParent,
  members: readonly { request: ForkRequest; atSeconds: number }[],
  signal?: AbortSignal,
): Promise<FamilyMemberCache[]> {
  const planned: FamilyMemberCache[] = [];
  for (const { request, atSeconds } of members) {
    const { transcript, written, plan } = forkOf(parent, request);
    if (plan.errors.length > 0 || plan.child === null) {
      planned.push({ request, atSeconds, requests: null, skipped: plan.errors.length > 0 ? 'the runtime refuses it' : 'not a fork' });
      continue;
    }
    const counter = await counterFor(parent, written, signal);
    planned.push({ request, atSeconds, requests: await cacheRequestsFor(plan, transcript, counter, await initialMessageTokens(plan, counter)) });
  }
  return planned;
}

/**
 * Several forks of a registered parent sent one after another, `gapSeconds` apart, through each
 * provider's cache: what each reads of the parent and of the siblings before it, what the family
 * costs, and which would miss because the prefix expired first.
 */
export async function previewFamilyCache(
  parentKey: string,
  requests: readonly ForkRequest[],
  gapSeconds: number,
  rules: ProviderRules = PROVIDER_RULES,
  signal?: AbortSignal,
): Promise<FamilyCachePreview> {
  const parent = parentCache.get(parentKey);
  if (parent === undefined) return { status: 'unknown-parent' };
  const members = await memberCaches(
    parent,
    requests.map((request, index) => ({ request, atSeconds: index * gapSeconds })),
    signal,
  );
  return {
    status: 'ok',
    cache: familyCacheReport(members, rules),
    members: members.map(({ atSeconds, skipped }) => ({ atSeconds, ...(skipped === undefined ? {} : { skipped }) })),
  };
}
