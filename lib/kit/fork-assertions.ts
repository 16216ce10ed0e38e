import { type ForkPolicy, runtimeOf, runtimeRuleNamed } from '@/lib/fork';
import { PROVIDER_RULES, type ProviderId } from '@/lib/provider-cache/provider-rules';
import { forkCacheReuse } from '@/lib/recording/fork-cache-reuse';
import { deliveryIn, lastParentRequestId } from '@/lib/verify/delivery';
import { RUNTIME_DRIVERS } from '@/lib/verify/drivers';
import { isDrivenRuntime } from '@/lib/verify/runtime-pins';
import type { ForkCheck, ForkCheckOptions, ForkLabSession } from './fork-lab-session';
import { forkParting } from './fork-parting';
import type { KitCacheReuse, KitFork } from './kit-types';

/** A fork assertion that does not hold: its message says what the traffic showed, as `/captures` shows it. */
export class ForkAssertionError extends Error {
  override readonly name = 'ForkAssertionError';
}

/** The rules a name claims, or the error that says which names there are. */
function claimed(rules: string): { policy: ForkPolicy; release?: string } {
  const named = runtimeRuleNamed(rules);
  if ('error' in named) throw new ForkAssertionError(`rules: ${named.error}`);
  return named;
}

function requestsSeen(check: ForkCheck): string {
  if (check.requests.length === 0) return 'no request reached the session: is the runtime given its base URL?';
  const listed = check.requests.slice(0, 10).map((request) => `#${request.id} ${request.api} (${request.messages ?? '?'} messages)`);
  return `${check.requests.length} request(s) in the session: ${listed.join(', ')}${check.requests.length > 10 ? ', …' : ''}`;
}

/** The session checked, with at least one fork, and exactly `count` when it is given. */
async function forkedCheck(session: ForkLabSession, options: ForkCheckOptions & { count?: number }): Promise<ForkCheck> {
  if (options.rules !== undefined) claimed(options.rules);
  if (options.count !== undefined && !(Number.isInteger(options.count) && options.count >= 1)) {
    throw new ForkAssertionError(
      `count is a whole number of forks, 1 or more, not ${options.count}: that nothing forked reads as (await session.forks()).length === 0`,
    );
  }
  const check = await session.check(options);
  if (check.forks.length === 0) throw new ForkAssertionError(`expected a fork; none found. ${requestsSeen(check)}`);
  if (options.count !== undefined && check.forks.length !== options.count) {
    const found = check.forks.map((fork) => `${fork.parentId}→${fork.childId}`).join(', ');
    throw new ForkAssertionError(`expected ${options.count} fork(s); found ${check.forks.length} (${found}). ${requestsSeen(check)}`);
  }
  return check;
}

/** The session's forks, at least one, and exactly `count` when it is given. */
export async function expectForked(session: ForkLabSession, options: ForkCheckOptions & { count?: number } = {}): Promise<KitFork[]> {
  return (await forkedCheck(session, options)).forks;
}

/**
 * Every fork's child received what the rules the runtime claims (`qwen-code@0.24`) plan for it:
 * the call planned on its parent as sent, compared message by message with the child's first request.
 */
export async function expectChildFollowsRule(session: ForkLabSession, rules: string, options: Omit<ForkCheckOptions, 'rules'> = {}): Promise<KitFork[]> {
  const forks = await expectForked(session, { ...options, rules });
  const wrong = forks.filter((fork) => fork.verdict !== 'matches');
  if (wrong.length > 0) {
    const lines = wrong.flatMap((fork) => forkParting(fork));
    throw new ForkAssertionError(`${wrong.length} of ${forks.length} fork(s) are not what ${rules} plans:\n${lines.join('\n')}`);
  }
  return forks;
}

/** Whole percent, rounded down: 89.6% does not pass "at least 90%". */
function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.floor((part / whole) * 100);
}

/**
 * Each fork's first request repeats at least `atLeastPercent` of its parent's last request, token
 * for token from the start: the share of the parent's cache prefix the child can reuse. Priced
 * and cached by `provider`'s rules (else the provider the request's model and API say).
 */
export async function expectCacheReuse(
  session: ForkLabSession,
  options: ForkCheckOptions & { atLeastPercent: number; provider?: ProviderId },
): Promise<KitCacheReuse[]> {
  if (!(options.atLeastPercent >= 0 && options.atLeastPercent <= 100)) throw new ForkAssertionError('atLeastPercent is a number from 0 to 100');
  const forks = await expectForked(session, options);
  const captures = session.captured();
  const reuses: KitCacheReuse[] = [];
  const short: string[] = [];
  for (const fork of forks) {
    const reuse = await forkCacheReuse(captures, fork, PROVIDER_RULES, options.provider);
    if (reuse === null) {
      short.push(`fork ${fork.parentId}→${fork.childId}: no request of the parent's before the child to compare it with`);
      continue;
    }
    reuses.push(reuse);
    const reused = percent(reuse.sharedTokens, reuse.parentTokens);
    if (reused < options.atLeastPercent) {
      const parting =
        reuse.parting === null ? 'it repeats all of it, then the parent changed it' : `it parts at ${reuse.parting.path} (${reuse.parting.reason})`;
      short.push(
        `fork ${fork.parentId}→${fork.childId}: the child's first request (#${reuse.childRequest}) repeats ${reuse.sharedTokens} of the ${reuse.parentTokens} tokens of the parent's request #${reuse.parentRequest} (${reused}%); ${parting}. ${reuse.provider} would read ${reuse.cachedTokens} from its cache.`,
      );
    }
  }
  if (short.length > 0)
    throw new ForkAssertionError(`expected each fork to reuse at least ${options.atLeastPercent}% of its parent's cache prefix:\n${short.join('\n')}`);
  return reuses;
}

/** How the runtime a rule belongs to delivers a fork's result, as its driver knows it. */
function arrivalOf(rules: string | undefined): 'as-call-result' | 'as-message' | undefined {
  if (rules === undefined) return undefined;
  const shipped = runtimeOf(claimed(rules).policy).shippedAs;
  return isDrivenRuntime(shipped) ? RUNTIME_DRIVERS[shipped].resultArrives : undefined;
}

/**
 * Each fork's result reached its parent exactly once, in the parent's last request: as the answer
 * to the call that started it, or as a message of its own (`arrives`; the claimed runtime's way when
 * `rules` names one).
 */
export async function expectResultDeliveredOnce(
  session: ForkLabSession,
  options: ForkCheckOptions & { arrives?: 'as-call-result' | 'as-message' } = {},
): Promise<void> {
  const arrives = options.arrives ?? arrivalOf(options.rules);
  if (arrives === undefined) throw new ForkAssertionError('say how the result arrives (arrives: "as-call-result" or "as-message"), or name the rules');
  const check = await forkedCheck(session, options);
  const bodies = new Map(session.captured().map((capture) => [capture.id, capture.requestBody]));
  const wrong = check.forks.flatMap((fork) => {
    const last = lastParentRequestId(check.sessions, fork.parentId);
    const { delivery, count } = deliveryIn(bodies.get(last) ?? '', fork.toolCallId, arrives);
    return delivery === 'delivered'
      ? []
      : [`fork ${fork.parentId}→${fork.childId}: its result is ${delivery} (${count} in the parent's last request, #${last})`];
  });
  if (wrong.length > 0) throw new ForkAssertionError(`expected each fork's result delivered once ${arrives.replaceAll('-', ' ')}:\n${wrong.join('\n')}`);
}
