import { buildBootstrapRecord, type ForkBootstrapRecord, type ParentTranscript, planFork } from '../lib/fork';

/**
 * The bootstrap record of a Qwen child forked with `fork_turns: "all"`, the largest window and so
 * the child the launch and memory benches measure: what the server records before its first call.
 */
export function forkAllBootstrap(parent: ParentTranscript, directive: string, childId: string): ForkBootstrapRecord {
  const plan = planFork(parent, { policy: 'qwen-fork-turns', directive, params: { description: 'Bench', subagent_type: 'fork', fork_turns: 'all' } });
  return buildBootstrapRecord(plan, { childId, parentAgentId: parent.profile.agentId });
}
