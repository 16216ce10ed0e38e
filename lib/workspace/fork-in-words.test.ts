import { describe, expect, it } from 'vitest';
import { respond } from '@/lib/ai/offline/offline-model';
import { FORK_RUNTIMES, parseForkRequest, planFork, planForkFamily, RUNTIME_VERSION_FIELD, runtimeOf } from '@/lib/fork';
import { assistant, parentOf, user } from '@/lib/scenarios/transcript-builders';
import { EXAMPLE_DIRECTIVE, exampleForkInWords, forkInWords } from './fork-in-words';
import { DEFAULT_SELECTION, type ForkSelection, settingsOf, withField } from './fork-selection';

const parent = parentOf([user('u1', 'The release train leaves on Thursday.'), assistant('a1', 'Noted.'), user('u2', 'Now plan the release.')]);

/** What the offline model, given the runtime's Agent tool, calls when told `words`: the request the call makes. */
function calledBy(words: string, selection: ForkSelection) {
  const { agentTool } = runtimeOf(selection.policy);
  const { content } = respond({
    prompt: [{ role: 'user', content: [{ type: 'text', text: words }] }],
    tools: [{ type: 'function', name: agentTool.declaration.name, inputSchema: agentTool.declaration.inputSchema ?? {} }],
  } as never);
  const call = content.find((part) => part.type === 'tool-call');
  if (call === undefined || call.type !== 'tool-call') throw new Error(`no call for ${words}`);
  return parseForkRequest(agentTool.requestFromCall(JSON.parse(call.input), settingsOf(selection)));
}

/** Every runtime at every release it reproduces, its fields at their defaults. */
const RELEASES = FORK_RUNTIMES.flatMap((runtime) =>
  runtime.versions.map((version) => {
    const selected: ForkSelection = { ...DEFAULT_SELECTION, policy: runtime.policy };
    const hasVersion = runtime.controls.fields.some((field) => field.name === RUNTIME_VERSION_FIELD);
    return { label: `${runtime.policy} ${version.id}`, selection: hasVersion ? withField(selected, RUNTIME_VERSION_FIELD, version.id) : selected };
  }),
);

describe('the chat’s example of a fork', () => {
  it.each(RELEASES)('is a call $label takes: the offline model makes it, and the runtime’s rules plan it', ({ selection }) => {
    const words = exampleForkInWords(selection);
    expect(words).toMatch(/^Call \S+ with /);
    const request = calledBy(words, selection);
    expect(request.directive).toBe(runtimeOf(selection.policy).controls.example?.directive ?? EXAMPLE_DIRECTIVE);
    const plans = runtimeOf(selection.policy).memberRequest === undefined ? [planFork(parent, request)] : planForkFamily(parent, request);
    expect(plans.flatMap((plan) => plan.errors)).toEqual([]);
  });

  it('spells Qwen 0.24’s required description, which the old placeholder left out', () => {
    expect(exampleForkInWords(DEFAULT_SELECTION)).toBe('Call agent with subagent_type=fork fork_turns=all description=Fork prompt=…');
  });
});

describe('forkInWords', () => {
  it('is the call the controls make, the directive quoted whatever quotes it holds', () => {
    const selection = withField({ ...DEFAULT_SELECTION, directive: 'Say "when" it’s “due”, and don\'t guess.' }, 'fork_turns', '2');
    const words = forkInWords(selection)!;
    const request = calledBy(words, selection);
    expect(request.params).toMatchObject({ fork_turns: '2', subagent_type: 'fork', description: 'Fork' });
    expect(request.directive).toBe("Say 'when' it’s “due”, and don't guess.");
    expect(calledBy(forkInWords({ ...DEFAULT_SELECTION, directive: 'Say “when”.' })!, DEFAULT_SELECTION).directive).toBe('Say “when”.');
    expect(calledBy(forkInWords({ ...DEFAULT_SELECTION, directive: 'Say "when".' })!, DEFAULT_SELECTION).directive).toBe('Say "when".');
  });

  it('is null for controls that make no request', () => {
    expect(forkInWords({ ...DEFAULT_SELECTION, directive: 'd'.repeat(100_001) })).toBeNull();
  });
});
