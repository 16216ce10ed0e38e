import { type ForkRequest, runtimeOf } from '@/lib/fork';

export function policyName(policy: ForkRequest['policy']): string {
  return runtimeOf(policy).name;
}

/** Fields of a request beside its parameters that change what the child gets (Kimi's notice version). */
const SHARED_FIELDS = new Set(['policy', 'directive', 'forkPoint', 'params']);

/** One line naming the policy and the parameters exactly as the runtime receives them. */
export function describeRequest(request: ForkRequest): string {
  const params = Object.entries(request.params)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
    .join(', ');
  const settings = Object.entries(request)
    .filter(([key, value]) => !SHARED_FIELDS.has(key) && value !== undefined)
    .map(([key, value]) => ` · ${key}: ${String(value)}`)
    .join('');
  return `${policyName(request.policy)} · { ${params} }${settings} · directive: “${request.directive}”`;
}
