import { forkToolPatch, HEADLESS_RUNNER_PATCH } from './drivers/deepseek-harness-driver';
import type { Scenario, ScenarioSetup } from './scenario';

export { NOTES_FILE, type Scenario } from './scenario';

const EARLIER_TURNS = ['The deploy password is heron-7731.', 'The staging host is sparrow-2.'];

/** A build log big enough that reading it fills a small context window, so the runtime compacts before the fork. */
const BUILD_LOG = Array.from({ length: 800 }, (_, step) => `build step ${step}: compiled module ${step} in ${(step * 37) % 97} ms`).join('\n');

/** Kimi Code with a secondary model pool, which is what gives its Agent tool a `model` parameter (a config file, not the environment). */
const KIMI_MODEL_POOL = (origin: string) => ({
  '.kimi/config.toml': [
    'default_model = "offline"',
    '[providers.forklab]',
    'type = "openai"',
    `base_url = "${origin}/v1"`,
    'api_key = "sk-none"',
    '[models.offline]',
    'provider = "forklab"',
    'model = "fork-lab-offline"',
    'max_context_size = 262144',
    '[models.other]',
    'provider = "forklab"',
    'model = "fork-lab-offline"',
    'max_context_size = 262144',
    '[secondary_model]',
    'default_model = "other"',
    '[secondary_model.models]',
    'other = "A second model for subagents"',
    '',
  ].join('\n'),
});
const KIMI_MODEL_ENV = ['KIMI_MODEL_NAME', 'KIMI_MODEL_API_KEY', 'KIMI_MODEL_PROVIDER_TYPE', 'KIMI_MODEL_BASE_URL'];

/**
 * Deep Agents' subagents, as its driver program builds them, and as the fork check must know them:
 * they are the program's, and nothing on the wire says what they are.
 */
const DEEP_AGENTS_SUBAGENTS = (specs: readonly object[], program: object) => ({
  env: { FORK_LAB_SUBAGENTS: JSON.stringify(specs) },
  check: { settings: { program } },
});

/**
 * DeepSeek Harness's fork tool configured for a scenario (its profile's user layer), and the same
 * settings for the check, which cannot read them off the traffic.
 */
const DSH_FORK_TOOL = (yaml: string, params: Readonly<Record<string, unknown>>): ScenarioSetup => ({
  homeFiles: () => ({ '.dsh/profiles/headless/cordis.patch.yml': `${HEADLESS_RUNNER_PATCH}${forkToolPatch(yaml)}` }),
  check: { settings: { params } },
});

/** The answer a program asks its fork for: the password, as one field. */
const DSH_PASSWORD_SCHEMA = { type: 'object', properties: { password: { type: 'string' } }, required: ['password'] };

const DSH_PERSONA = 'You are the Fork Lab persona child. Answer in one sentence.';

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
      'kimi-code': ['Call Agent with fork=true description=Notes prompt="Say what notes.txt holds"'],
      // The first turn: nothing completed yet, so an empty seed.
      'deepseek-harness': ['Call subagent_fork with description=Notes prompt="Say what notes.txt holds"'],
      'deep-agents': ['Call task with subagent_type=forker description="Say what notes.txt holds"'],
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
      'kimi-code': [...EARLIER_TURNS, 'Call Agent with fork=true description=Recall prompt="What is the deploy password?"'],
      // DeepSeek Harness's child: every completed turn before the one in flight.
      'deepseek-harness': [...EARLIER_TURNS, 'Call subagent_fork with description=Recall prompt="What is the deploy password?"'],
      'deep-agents': [...EARLIER_TURNS, 'Call task with subagent_type=forker description="What is the deploy password?"'],
    },
    expect: { kind: 'forks', count: 1 },
  },
  {
    id: 'fork-after-compaction',
    title: 'fork the whole conversation after the runtime compacted it (resumed)',
    // `codex exec` has no /compact, and auto-compaction would compact every cell: Codex is left out.
    // Kimi's `-p` has no /compact either: a small context window makes it compact on its own.
    turns: {
      'qwen-code': [...EARLIER_TURNS, '/compress', 'Call agent with description=Recall subagent_type=fork prompt="What is the deploy password?"'],
      'claude-code': [...EARLIER_TURNS, '/compact', 'Call Agent with subagent_type=fork description=Recall prompt="What is the deploy password?"'],
      'kimi-code': [...EARLIER_TURNS, 'Use Read on {workdir}/build.log', 'Call Agent with fork=true description=Recall prompt="What is the deploy password?"'],
    },
    files: { 'build.log': BUILD_LOG },
    setup: { 'kimi-code': { env: { KIMI_MODEL_MAX_CONTEXT_SIZE: '8000' } } },
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
      'kimi-code': ['Use Read on {workdir}/notes.txt, then call Agent with fork=true description=Notes prompt="When does the train leave?"'],
      // The read belongs to the turn in flight: DeepSeek Harness's child gets none of it.
      'deepseek-harness': [
        ...EARLIER_TURNS,
        'Use read with file_path={workdir}/notes.txt, then call subagent_fork with description=Recall prompt="What is the deploy password?"',
      ],
      'deep-agents': ['Use read_file on /notes.txt, then call task with subagent_type=forker description="When does the train leave?"'],
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
      'kimi-code': [
        'In parallel, call Agent with fork=true description=First prompt="Say what notes.txt holds" and call Agent with fork=true description=Second prompt="When does the train leave?"',
      ],
      'deep-agents': [
        ...EARLIER_TURNS,
        'In parallel, call task with subagent_type=forker description="What is the deploy password?" and call task with subagent_type=forker description="What is the staging host?"',
      ],
    },
    expect: { kind: 'forks', count: 2 },
  },
  {
    id: 'swarm-forks',
    title: 'Kimi AgentSwarm with fork: true, one fork per item',
    turns: {
      'kimi-code': ['Call AgentSwarm with fork=true description=Notes prompt_template="Say what {{item}} holds" items="notes.txt, todo.txt"'],
    },
    files: { 'todo.txt': 'Write the release notes.\n' },
    expect: { kind: 'forks', count: 2, delivered: true },
  },
  {
    id: 'result-delivered',
    title: 'the child’s result reaches the parent once, in its next request',
    turns: {
      'qwen-code': ['Call agent with description=Notes subagent_type=fork prompt="Say what notes.txt holds"'],
      codex: ['Call spawn_agent with task_name=notes fork_turns=all message="Say what notes.txt holds", then call wait_agent with timeout_ms=10000'],
      'claude-code': ['Call Agent with subagent_type=fork description=Notes prompt="Say what notes.txt holds"'],
      'kimi-code': ['Call Agent with fork=true description=Notes prompt="Say what notes.txt holds"'],
      'deepseek-harness': [...EARLIER_TURNS, 'Call subagent_fork with description=Recall prompt="What is the deploy password?"'],
      'deep-agents': ['Call task with subagent_type=forker description="Say what notes.txt holds"'],
    },
    expect: { kind: 'forks', count: 1, delivered: true },
  },
  {
    id: 'nested-fork',
    title: 'a fork told to fork again: the runtime’s refusal',
    // Qwen Code gives a fork no agent tool at all (every Qwen fork cell checks the child's tools),
    // so its fork cannot even try; its refusals are the planner's tests. Kimi 2.1 lets a fork fork (fork-in-fork).
    turns: {
      'claude-code': ["Call Agent with subagent_type=fork description=Outer prompt='Call Agent with subagent_type=fork description=Inner prompt=innermost'"],
      'deep-agents': ["Call task with subagent_type=forker description='Call task with subagent_type=forker description=innermost'"],
    },
    expect: { kind: 'nested-refused', task: 'innermost' },
  },
  {
    id: 'fork-in-fork',
    title: 'a fork told to fork again: Kimi 2.1 lets it, and the grandchild inherits the child’s snapshot',
    turns: {
      'kimi-code': ["Call Agent with fork=true description=Outer prompt='Call Agent with fork=true description=Inner prompt=innermost'"],
    },
    expect: { kind: 'forks', count: 2 },
  },
  {
    id: 'refused-resume',
    title: 'a fork that also resumes an agent: refused',
    turns: { 'kimi-code': ['Call Agent with fork=true resume=agent-9 description=Notes prompt="Say what notes.txt holds"'] },
    expect: { kind: 'refused', task: 'Say what notes.txt holds' },
  },
  {
    id: 'refused-type',
    title: 'a fork of another agent type: refused',
    turns: { 'kimi-code': ['Call Agent with fork=true subagent_type=explore description=Notes prompt="Say what notes.txt holds"'] },
    expect: { kind: 'refused', task: 'Say what notes.txt holds' },
  },
  {
    id: 'refused-model',
    title: 'a fork on another model (with a model pool, the only way the parameter exists): refused',
    turns: { 'kimi-code': ['Call Agent with fork=true model=other description=Notes prompt="Say what notes.txt holds"'] },
    setup: { 'kimi-code': { homeFiles: KIMI_MODEL_POOL, withoutEnv: KIMI_MODEL_ENV } },
    expect: { kind: 'refused', task: 'Say what notes.txt holds' },
  },
  {
    id: 'refused-flag-off',
    title: 'a fork with the experimental fork flag off: refused by the tool’s schema',
    turns: { 'kimi-code': ['Call Agent with fork=true description=Notes prompt="Say what notes.txt holds"'] },
    setup: { 'kimi-code': { env: { KIMI_CODE_EXPERIMENTAL_SUBAGENT_FORK: '0' } } },
    expect: { kind: 'refused', task: 'Say what notes.txt holds' },
  },
  {
    id: 'not-a-fork',
    title: 'a regular subagent, which is no fork',
    turns: {
      'qwen-code': ['Call agent with description=Notes subagent_type=general-purpose prompt="Say what notes.txt holds"'],
      codex: ['Call spawn_agent with task_name=notes fork_turns=none message="Say what notes.txt holds", then call wait_agent with timeout_ms=10000'],
      'claude-code': ['Call Agent with subagent_type=general-purpose description=Notes prompt="Say what notes.txt holds"'],
      'kimi-code': ['Call Agent with subagent_type=coder description=Notes prompt="Say what notes.txt holds"'],
      // Its regular subagent runs in the background unless told not to, and the headless run would end first.
      'deepseek-harness': [...EARLIER_TURNS, 'Call subagent with description=Notes run_in_background=false prompt="Say what notes.txt holds"'],
      'deep-agents': ['Call task with subagent_type=helper description="Say what notes.txt holds"'],
    },
    setup: {
      'deep-agents': DEEP_AGENTS_SUBAGENTS([{ name: 'helper', description: 'An isolated helper.', systemPrompt: 'You are the isolated helper.' }], {
        fork: { name: 'forker', kind: 'declarative' },
        isolated: ['helper'],
      }),
    },
    expect: { kind: 'not-a-fork', task: 'Say what notes.txt holds' },
  },
  {
    id: 'depth-limit',
    title: 'DeepSeek Harness maxDepth 1: a fork told to fork again is refused at depth 2',
    turns: {
      'deepseek-harness': [
        EARLIER_TURNS[0]!,
        'Call subagent_fork with description=Outer prompt="Call subagent_fork with description=Inner prompt=“What is the deploy password?”"',
      ],
    },
    setup: { 'deepseek-harness': DSH_FORK_TOOL('    maxDepth: 1\n', { maxDepth: 1 }) },
    expect: { kind: 'nested-refused', task: 'What is the deploy password?' },
  },
  {
    id: 'persona',
    title: 'DeepSeek Harness persona: the fork’s persona in place of the deployment’s',
    turns: { 'deepseek-harness': [...EARLIER_TURNS, 'Call subagent_fork with description=Recall prompt="What is the deploy password?"'] },
    setup: { 'deepseek-harness': DSH_FORK_TOOL(`    persona: ${DSH_PERSONA}\n`, { persona: DSH_PERSONA }) },
    expect: { kind: 'forks', count: 1 },
  },
  {
    id: 'tool-filter',
    title: 'DeepSeek Harness toolFilter: a fork that may run only some tools',
    turns: { 'deepseek-harness': [...EARLIER_TURNS, 'Call subagent_fork with description=Recall prompt="What is the deploy password?"'] },
    setup: { 'deepseek-harness': DSH_FORK_TOOL('    toolFilter: {allow: [read, grep, glob]}\n', { toolFilter: ['read', 'grep', 'glob'] }) },
    expect: { kind: 'forks', count: 1 },
  },
  {
    id: 'output-schema',
    title: 'DeepSeek Harness outputSchema: a fork its program starts between turns, answering through structured_output',
    turns: { 'deepseek-harness': [...EARLIER_TURNS, { fork: { label: 'recall', prompt: 'What is the deploy password?', outputSchema: DSH_PASSWORD_SCHEMA } }] },
    setup: { 'deepseek-harness': { check: { settings: { params: { outputSchema: DSH_PASSWORD_SCHEMA } } } } },
    expect: { kind: 'forks', count: 1 },
  },
  {
    id: 'compiled-fork',
    title: 'Deep Agents: a compiled subagent in fork mode, its own prompt and tools, the parent’s history',
    turns: { 'deep-agents': [...EARLIER_TURNS, 'Call task with subagent_type=compiled description="What is the deploy password?"'] },
    setup: {
      'deep-agents': DEEP_AGENTS_SUBAGENTS(
        [
          {
            name: 'compiled',
            description: 'A compiled agent that continues this conversation.',
            mode: 'fork',
            compiled: true,
            systemPrompt: 'You are the compiled fork.',
          },
        ],
        { fork: { name: 'compiled', kind: 'compiled', systemPrompt: 'You are the compiled fork.', tools: [] } },
      ),
    },
    expect: { kind: 'forks', count: 1 },
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
