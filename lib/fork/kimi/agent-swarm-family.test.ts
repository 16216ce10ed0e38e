import { describe, expect, it } from 'vitest';
import type { FamilyMember } from '../fork-plan';
import { renderSwarmResults } from './agent-swarm-family';

const member = (index: number, label: string): FamilyMember => ({ index, name: `Review #${index} (coder)`, label, task: `Review ${label}.`, launchAfterMs: 0 });

describe('renderSwarmResults', () => {
  it('summarises, then gives each child in launch order, its item escaped', () => {
    expect(
      renderSwarmResults([
        { member: member(1, 'src/a.ts'), agentId: 'child-1', status: 'completed', result: 'No regressions.' },
        { member: member(2, 'say "hi" <b> & more'), agentId: 'child-2', status: 'completed', result: 'One regression.' },
      ]),
    ).toBe(
      [
        '<agent_swarm_result>',
        '<summary>completed: 2</summary>',
        '<subagent agent_id="child-1" item="src/a.ts" outcome="completed">No regressions.</subagent>',
        '<subagent agent_id="child-2" item="say &quot;hi&quot; &lt;b&gt; &amp; more" outcome="completed">One regression.</subagent>',
        '</agent_swarm_result>',
      ].join('\n'),
    );
  });

  it('gives no resume hint when no child started', () => {
    expect(renderSwarmResults([{ member: member(1, 'a'), status: 'failed', error: 'no room' }])).toBe(
      [
        '<agent_swarm_result>',
        '<summary>failed: 1</summary>',
        '<subagent item="a" state="not_started" outcome="failed">no room</subagent>',
        '</agent_swarm_result>',
      ].join('\n'),
    );
  });

  it('adds the resume hint and the state of children that did not complete', () => {
    expect(
      renderSwarmResults([
        { member: member(1, 'a'), agentId: 'child-1', status: 'completed', result: 'ok' },
        { member: member(2, 'b'), agentId: 'child-2', status: 'failed', error: 'provider error' },
        { member: member(3, 'c'), agentId: 'child-3', status: 'aborted', error: 'stopped by the person' },
        { member: member(4, 'd'), status: 'failed', error: 'Too many children are running.' },
      ]),
    ).toBe(
      [
        '<agent_swarm_result>',
        '<summary>completed: 1, failed: 2, aborted: 1</summary>',
        '<resume_hint>Call AgentSwarm with resume_agent_ids using the agent_id values in this result to continue unfinished work.</resume_hint>',
        '<subagent agent_id="child-1" item="a" outcome="completed">ok</subagent>',
        '<subagent agent_id="child-2" item="b" state="started" outcome="failed">provider error</subagent>',
        '<subagent agent_id="child-3" item="c" state="started" outcome="aborted">The user manually interrupted this subagent batch before this subagent finished.</subagent>',
        '<subagent item="d" state="not_started" outcome="failed">Too many children are running.</subagent>',
        '</agent_swarm_result>',
      ].join('\n'),
    );
  });
});
