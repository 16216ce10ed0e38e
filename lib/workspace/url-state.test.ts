import { describe, expect, it } from 'vitest';
import type { ForkPolicy } from '@/lib/fork';
import { DEFAULT_SELECTION, type ForkSelection } from './fork-selection';
import { decodeUrlState, encodeUrlState, historyKey, LINK_VALUE_MAX_CHARS, linkedSessionId, withLinkedControls } from './url-state';

/** The default selection with one runtime selected and its fields as typed. */
function typed(policy: ForkPolicy, fields: Record<string, string>, rest: Partial<ForkSelection> = {}): ForkSelection {
  return { ...DEFAULT_SELECTION, policy, fields: { ...DEFAULT_SELECTION.fields, [policy]: fields }, ...rest };
}

/** A selection as a browser that holds another one reads a link to it. */
function roundTrip(selection: ForkSelection, held: ForkSelection = DEFAULT_SELECTION): ForkSelection {
  const { link } = decodeUrlState(encodeUrlState(null, selection));
  return withLinkedControls(held, link!);
}

const QWEN = {
  fork_turns: ' 03 ',
  subagent_type: 'fork',
  description: 'Fork the tests',
  fork_tools: '',
  fork_profile: '',
  fork_profile_file: '---\nname: ro\n---\n',
  name: 'ally',
  runtime_version: '0.24',
};

describe('a link', () => {
  it('carries the parent, the runtime, every parameter exactly (spaces, leading zeros, empty ones) and the fork point', () => {
    const selection = typed('qwen-fork-turns', QWEN, { directive: 'a & b', forkPoint: 7 });
    const query = encodeUrlState({ kind: 'scenario', id: 'tool-only-turns' }, selection);
    expect(query).toBe(
      'v=2&scenario=tool-only-turns&policy=qwen-fork-turns&fork_turns=+03+&subagent_type=fork&fork_tools=&fork_profile=&name=ally&runtime_version=0.24&point=7',
    );
    expect(decodeUrlState(query)).toEqual({
      scenarioId: 'tool-only-turns',
      importId: null,
      link: {
        policy: 'qwen-fork-turns',
        fields: { fork_turns: ' 03 ', subagent_type: 'fork', fork_tools: '', fork_profile: '', name: 'ally', runtime_version: '0.24' },
        forkPoint: 7,
      },
    });
  });

  it('reads a link naming the runtime by an alias as one naming its id', () => {
    expect(decodeUrlState('?scenario=basic&policy=qwen-code&v=2&fork_turns=1').link?.policy).toBe('qwen-fork-turns');
    expect(decodeUrlState('?scenario=basic&policy=qwen-cod').link).toBeNull();
  });

  it('never carries free text: the directive, a description, a persona, a list, a file', () => {
    const directive = 'x'.repeat(200 * 1024);
    const qwen = encodeUrlState(null, typed('qwen-fork-turns', QWEN, { directive }));
    const deepseek = encodeUrlState(null, typed('deepseek-completed-turns', { maxDepth: '1', persona: 'You review code.', toolFilter: '', outputSchema: '' }));
    const swarm = encodeUrlState(
      null,
      typed('kimi-agent-swarm', {
        description: 'Review',
        items: 'a\nb',
        fork: 'true',
        subagent_type: '',
        model: '',
        resume_agent_ids: 'x=go',
        notice: 'prompt-prefix',
        runtime_version: '2.1',
        member: '2',
      }),
    );
    for (const query of [qwen, deepseek, swarm]) {
      const keys = [...new URLSearchParams(query).keys()];
      for (const free of ['directive', 'description', 'persona', 'items', 'resume_agent_ids', 'fork_profile_file']) expect(keys).not.toContain(free);
    }
    expect(qwen.length).toBeLessThan(300);
    expect(swarm).toBe('v=2&policy=kimi-agent-swarm&fork=true&subagent_type=&model=&notice=prompt-prefix&runtime_version=2.1&member=2');
  });

  it('leaves out a parameter too long for a link, and a browser that reads it keeps what it holds there', () => {
    const long = 'm'.repeat(LINK_VALUE_MAX_CHARS + 1);
    const selection = typed('kimi-fork', {
      description: 'Fork',
      run_in_background: '',
      runtime_version: '2.1',
      fork: 'true',
      resume: '',
      subagent_type: '',
      model: long,
      notice: 'prompt-prefix',
    });
    expect(new URLSearchParams(encodeUrlState(null, selection)).has('model')).toBe(false);
    expect(roundTrip(selection, selection)).toEqual(selection);
    expect(roundTrip(selection).fields['kimi-fork']!.model).toBe('');
    const fits = typed('kimi-fork', {
      description: 'Fork',
      run_in_background: '',
      runtime_version: '2.1',
      fork: 'true',
      resume: '',
      subagent_type: '',
      model: long.slice(1),
      notice: 'prompt-prefix',
    });
    expect(roundTrip(fits).fields['kimi-fork']!.model).toBe(long.slice(1));
  });

  it('keeps the free text, the other runtimes’ fields and the rest of the selection as the browser holds them', () => {
    const held = typed(
      'kimi-fork',
      { description: 'Fork', run_in_background: '', runtime_version: '2.1', fork: '', resume: 'a', subagent_type: '', model: '', notice: 'system-reminder' },
      { directive: 'Find the bug.' },
    );
    const linked = typed('qwen-fork-turns', QWEN, { directive: 'Something else.', forkPoint: 3 });
    const read = roundTrip(linked, held);
    expect(read.directive).toBe('Find the bug.');
    expect(read.policy).toBe('qwen-fork-turns');
    expect(read.forkPoint).toBe(3);
    expect(read.fields['kimi-fork']).toEqual(held.fields['kimi-fork']);
    // The Qwen fields the link names, under the description and file this browser holds (its defaults).
    expect(read.fields['qwen-fork-turns']).toEqual({ ...QWEN, description: 'Fork', fork_profile_file: '' });
  });

  it('round-trips Kimi with fork left out, DeepSeek, and a select a link may not set to what it does not offer', () => {
    const kimi = typed('kimi-fork', {
      description: 'Fork',
      run_in_background: '',
      runtime_version: '2.1',
      fork: '',
      resume: '',
      subagent_type: 'coder',
      model: '',
      notice: 'system-reminder',
    });
    expect(roundTrip(kimi)).toEqual(kimi);
    const deepseek = typed('deepseek-completed-turns', {
      description: 'Fork',
      runtime_version: '0.1',
      maxDepth: '1',
      persona: '',
      toolFilter: 'read_file',
      outputSchema: '',
    });
    expect(roundTrip(deepseek)).toEqual(deepseek);
    expect(decodeUrlState('v=2&policy=kimi-fork&fork=maybe&notice=system-reminder').link!.fields).toEqual({ notice: 'system-reminder' });
  });

  it('names an import of this browser by its session, and ignores a missing or unknown policy and a malformed fork point', () => {
    const query = encodeUrlState({ kind: 'import', sessionId: 'import:4f1c' }, DEFAULT_SELECTION);
    expect(decodeUrlState(query)).toMatchObject({ scenarioId: null, importId: '4f1c' });
    expect(linkedSessionId(decodeUrlState(query))).toBe('import:4f1c');
    expect(linkedSessionId(decodeUrlState('scenario=a'))).toBe('scenario:a');
    expect(decodeUrlState('scenario=a')).toEqual({ scenarioId: 'a', importId: null, link: null });
    expect(decodeUrlState('policy=teleport')).toEqual({ scenarioId: null, importId: null, link: null });
    expect(decodeUrlState('v=2&policy=qwen-fork-turns&point=-1').link!.forkPoint).toBeNull();
  });
});

describe('a link written before free text was left out', () => {
  it('reads as it did: its directive, an empty text field for one it leaves out, a select’s default', () => {
    const { link } = decodeUrlState('scenario=x&policy=deepseek-completed-turns&maxDepth=5&persona=You+review+code.&directive=Crafted+directive&point=6');
    expect(withLinkedControls(DEFAULT_SELECTION, link!)).toEqual(
      typed(
        'deepseek-completed-turns',
        { description: '', runtime_version: 'code-read', maxDepth: '5', persona: 'You review code.', toolFilter: '', outputSchema: '' },
        { directive: 'Crafted directive', forkPoint: 6 },
      ),
    );
  });

  it('reproduces the rules of before runtime versions existed (the oldest version); a link that names one gets it, an unknown one the newest', () => {
    const qwen = (query: string) =>
      decodeUrlState(`scenario=x&policy=qwen-fork-turns&fork_turns=2&subagent_type=fork&directive=d${query}`).link!.fields.runtime_version;
    expect(qwen('')).toBe('0.23');
    expect(qwen('&runtime_version=0.24')).toBe('0.24');
    expect(qwen('&runtime_version=0.99')).toBe('0.24');
    expect(decodeUrlState('policy=claude-code-fork&description=x&directive=d').link!.fields.runtime_version).toBe('2.1.88');
  });
});

describe('historyKey', () => {
  it('changes with the parent, the runtime, its window and the fork point: not with a parameter typed', () => {
    const base = typed('qwen-fork-turns', { ...QWEN, fork_turns: '1' });
    const key = (selection: ForkSelection, scenario = 'a') => historyKey(encodeUrlState({ kind: 'scenario', id: scenario }, selection));
    expect(key({ ...base, fields: { ...base.fields, 'qwen-fork-turns': { ...QWEN, fork_turns: '1', name: 'bob' } } })).toBe(key(base));
    expect(key({ ...base, directive: 'other' })).toBe(key(base));
    expect(key(base, 'b')).not.toBe(key(base));
    expect(key({ ...base, policy: 'kimi-fork' })).not.toBe(key(base));
    expect(key({ ...base, fields: { ...base.fields, 'qwen-fork-turns': { ...QWEN, fork_turns: '2' } } })).not.toBe(key(base));
    expect(key({ ...base, forkPoint: 4 })).not.toBe(key(base));
  });
});
