import type { ForkRequest } from '@/lib/fork';

const POLICY_NAMES: Record<ForkRequest['policy'], string> = {
  'qwen-fork-turns': 'Qwen Code fork_turns',
  'kimi-fork': 'Kimi Code fork: true',
  'deepseek-completed-turns': 'DeepSeek completed turns',
};

export function policyName(policy: ForkRequest['policy']): string {
  return POLICY_NAMES[policy];
}

/** One line naming the policy and the parameters exactly as the runtime receives them. */
export function describeRequest(request: ForkRequest): string {
  const params = Object.entries(request.params)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
    .join(', ');
  const notice = request.policy === 'kimi-fork' && request.notice ? ` · notice: ${request.notice}` : '';
  return `${POLICY_NAMES[request.policy]} · { ${params} }${notice} · directive: “${request.directive}”`;
}
