import type { DrivenRuntime } from './runtime-pins';

/** What a scenario's cell must show to be green. */
export type Expectation =
  /**
   * The check finds exactly `count` forks in the traffic, and the rules reproduce each child; with
   * `delivered`, each child's result also reached its parent once (the parent's last request).
   */
  | { kind: 'forks'; count: number; delivered?: boolean }
  /**
   * A subagent that is no fork ran (a request carries `task` without the parent's own prompt), and
   * the check reports no fork: not `differs`. With `sibling`, a second one ran beside it, and
   * neither's requests carry the other's task.
   */
  | { kind: 'not-a-fork'; task: string; sibling?: string }
  /**
   * The fork, told to fork again (an Agent call whose prompt is `task`), is refused by the runtime
   * in the words Fork Lab's rules give a fork child.
   */
  | { kind: 'nested-refused'; task: string };

/**
 * One thing users do with a runtime, as the prompts that make the offline model (playing the
 * parent) do it: each prompt is a turn, the later ones continuing the first's session with the
 * runtime's own resume. `{workdir}` stands for the folder the runtime runs in.
 */
export interface Scenario {
  id: string;
  title: string;
  turns: Partial<Record<DrivenRuntime, readonly string[]>>;
  expect: Expectation;
  /** Files the runtime finds in its working folder, besides `notes.txt`. */
  files?: Readonly<Record<string, string>>;
  /**
   * Cells known to be red, with the difference and why it is not settled yet: reported as known,
   * not gating. A known cell that turns green says so, so the note is taken out.
   */
  known?: Partial<Record<DrivenRuntime, string>>;
}

/** The working folder every scenario starts with: one fact a child can only know by inheriting it, or by reading the file. */
export const NOTES_FILE = { 'notes.txt': 'The release train leaves on Thursday.\n' };

const EARLIER_TURNS = ['The deploy password is heron-7731.', 'The staging host is sparrow-2.'];

/*
 * `codex exec` ends with its parent's turn, and a child still starting ends with it: every Codex
 * parent waits (`wait_agent`) once it has spawned, or its child's first request may never be sent.
 */
export const SCENARIOS: readonly Scenario[] = [
  {
    id: 'fork-all',
    title: 'fork with the whole conversation',
    turns: {
      'qwen-code': ['Call agent with description=Notes subagent_type=fork fork_turns=all prompt="Say what notes.txt holds"'],
      codex: ['Call spawn_agent with task_name=notes fork_turns=all message="Say what notes.txt holds", then call wait_agent with timeout_ms=10000'],
      'claude-code': ['Call Agent with subagent_type=fork description=Notes prompt="Say what notes.txt holds"'],
    },
    expect: { kind: 'forks', count: 1 },
  },
  {
    id: 'fork-last-turn',
    title: 'fork the last turn of a parent of three turns (resumed)',
    turns: {
      'qwen-code': [...EARLIER_TURNS, 'Call agent with description=Recall subagent_type=fork fork_turns=1 prompt="What is the deploy password?"'],
      codex: [
        ...EARLIER_TURNS,
        'Call spawn_agent with task_name=recall fork_turns=1 message="What is the deploy password?", then call wait_agent with timeout_ms=10000',
      ],
    },
    expect: { kind: 'forks', count: 1 },
  },
  {
    id: 'fork-after-resume',
    title: 'fork the whole conversation of a parent of three turns (resumed)',
    turns: {
      'qwen-code': [...EARLIER_TURNS, 'Call agent with description=Recall subagent_type=fork prompt="What is the deploy password?"'],
      codex: [
        ...EARLIER_TURNS,
        'Call spawn_agent with task_name=recall fork_turns=all message="What is the deploy password?", then call wait_agent with timeout_ms=10000',
      ],
      'claude-code': [...EARLIER_TURNS, 'Call Agent with subagent_type=fork description=Recall prompt="What is the deploy password?"'],
    },
    expect: { kind: 'forks', count: 1 },
  },
  {
    id: 'fork-after-compaction',
    title: 'fork the whole conversation after the runtime compacted it (resumed)',
    // `codex exec` has no /compact, and auto-compaction would compact every cell: Codex is left out.
    turns: {
      'qwen-code': [...EARLIER_TURNS, '/compress', 'Call agent with description=Recall subagent_type=fork prompt="What is the deploy password?"'],
      'claude-code': [...EARLIER_TURNS, '/compact', 'Call Agent with subagent_type=fork description=Recall prompt="What is the deploy password?"'],
    },
    expect: { kind: 'forks', count: 1 },
  },
  {
    id: 'fork-after-tools',
    title: 'fork after the parent used a tool in the same turn',
    turns: {
      'qwen-code': ['Use read_file on {workdir}/notes.txt, then call agent with description=Notes subagent_type=fork prompt="When does the train leave?"'],
      codex: [
        'Use exec_command with cmd="cat notes.txt", then call spawn_agent with task_name=notes fork_turns=all message="When does the train leave?", then call wait_agent with timeout_ms=10000',
      ],
      'claude-code': ['Use Read on {workdir}/notes.txt, then call Agent with subagent_type=fork description=Notes prompt="When does the train leave?"'],
    },
    expect: { kind: 'forks', count: 1 },
  },
  {
    id: 'sibling-forks',
    title: 'two sibling forks in one message',
    turns: {
      'qwen-code': [
        'In parallel, call agent with description=First subagent_type=fork prompt="Say what notes.txt holds" and call agent with description=Second subagent_type=fork prompt="When does the train leave?"',
      ],
      codex: [
        // The wait, in the same response, is a call still open when each child forks: answered "aborted" too.
        'In parallel, call spawn_agent with task_name=first fork_turns=all message="Say what notes.txt holds" and call spawn_agent with task_name=second fork_turns=all message="When does the train leave?" and call wait_agent with timeout_ms=10000',
      ],
      'claude-code': [
        'In parallel, call Agent with subagent_type=fork description=First prompt="Say what notes.txt holds" and call Agent with subagent_type=fork description=Second prompt="When does the train leave?"',
      ],
    },
    expect: { kind: 'forks', count: 2 },
  },
  {
    id: 'result-delivered',
    title: 'the child’s result reaches the parent once, in its next request',
    turns: {
      'qwen-code': ['Call agent with description=Notes subagent_type=fork prompt="Say what notes.txt holds"'],
      codex: ['Call spawn_agent with task_name=notes fork_turns=all message="Say what notes.txt holds", then call wait_agent with timeout_ms=10000'],
      'claude-code': ['Call Agent with subagent_type=fork description=Notes prompt="Say what notes.txt holds"'],
    },
    expect: { kind: 'forks', count: 1, delivered: true },
  },
  {
    id: 'nested-fork',
    title: 'a fork told to fork again: the runtime’s refusal',
    // Qwen Code gives a fork no agent tool at all (every Qwen fork cell checks the child's tools),
    // so its fork cannot even try; its refusals are the planner's tests.
    turns: {
      'claude-code': ["Call Agent with subagent_type=fork description=Outer prompt='Call Agent with subagent_type=fork description=Inner prompt=nested'"],
    },
    expect: { kind: 'nested-refused', task: 'nested' },
  },
  {
    id: 'not-a-fork',
    title: 'a regular subagent, which is no fork',
    turns: {
      'qwen-code': ['Call agent with description=Notes subagent_type=general-purpose prompt="Say what notes.txt holds"'],
      codex: ['Call spawn_agent with task_name=notes fork_turns=none message="Say what notes.txt holds", then call wait_agent with timeout_ms=10000'],
      'claude-code': ['Call Agent with subagent_type=general-purpose description=Notes prompt="Say what notes.txt holds"'],
    },
    expect: { kind: 'not-a-fork', task: 'Say what notes.txt holds' },
  },
  {
    id: 'role-spawn',
    title: 'a subagent of another role, with no history (Codex agent_type, fork_turns none)',
    turns: {
      codex: [
        'Call spawn_agent with task_name=review agent_type=reviewer fork_turns=none message="Say what notes.txt holds", then call wait_agent with timeout_ms=10000',
      ],
    },
    expect: { kind: 'not-a-fork', task: 'Say what notes.txt holds' },
  },
  {
    id: 'sibling-none',
    title: 'two sibling spawns with no history: neither sees the other’s task',
    // Users report a sibling's prompt envelope reaching the other child of a `none` spawn.
    turns: {
      codex: [
        'In parallel, call spawn_agent with task_name=first fork_turns=none message="Say what notes.txt holds" and call spawn_agent with task_name=second fork_turns=none message="When does the train leave?" and call wait_agent with timeout_ms=10000',
      ],
    },
    expect: { kind: 'not-a-fork', task: 'Say what notes.txt holds', sibling: 'When does the train leave?' },
  },
  {
    id: 'fork-tools',
    title: 'Qwen fork_tools: a fork that may run only some tools',
    turns: {
      'qwen-code': ['Call agent with description=Notes subagent_type=fork fork_tools="read_file,grep_search" prompt="Say what notes.txt holds"'],
    },
    expect: { kind: 'forks', count: 1 },
  },
  {
    id: 'fork-tools-empty',
    title: 'Qwen fork_tools: an empty list, a fork that may run no tool',
    turns: {
      'qwen-code': ['Call agent with description=Notes subagent_type=fork fork_tools="" prompt="Say what notes.txt holds"'],
    },
    expect: { kind: 'forks', count: 1 },
  },
  {
    id: 'fork-profile',
    title: 'Qwen fork_profile: a project profile gives the fork its tools and guidance',
    turns: {
      'qwen-code': ['Call agent with description=Notes subagent_type=fork fork_profile=ro-research prompt="Say what notes.txt holds"'],
    },
    // The profile of Qwen's own docs, with a hint whose brackets the runtime escapes.
    files: {
      '.qwen/fork-profiles/ro-research.md':
        '---\nname: ro-research\ntools: [read_file, grep_search, glob, mcp__search__*]\npromptHint: Work read-only. Prefer targeted searches and cite <file> evidence & line numbers.\n---\n',
    },
    expect: { kind: 'forks', count: 1 },
  },
];
