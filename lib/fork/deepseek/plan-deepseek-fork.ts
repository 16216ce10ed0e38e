import { detailsWith } from '../disposition-details';
import type { ChildMessage, ForkPlan } from '../fork-plan';
import { ParentRangeBuilder } from '../parent-ranges';
import { copyToChild, firstPromptMessage } from '../planning/child-message-copies';
import { forkedPlan } from '../planning/forked-plan';
import { blankDirectiveWarning, rejectedPlan } from '../planning/refused-plans';
import { isRealUserTurn } from '../transcript/classify-messages';
import type { ParentTranscript } from '../transcript/transcript';
import type { DeepSeekForkRequest } from './deepseek-fork-request';
import { isShippedDeepSeek } from './deepseek-versions';
import { childRuntimeContext } from './runtime-context';
import { withoutToolSections, withPersona } from './shipped-system-prompt';
import { structuredOutputTool, withStructuredOutputContract } from './structured-output';
import { findLastTurnEnd } from './turn-ends';
import { registryOf, validateDeepSeekForkParams } from './validate-deepseek-fork';

const POLICY = 'deepseek-completed-turns';

const DETAILS = detailsWith({
  'in-window': 'in a completed turn: copied to the child',
});

/**
 * Plan a DeepSeek Harness fork: the parent's log through its last turn end, whatever the reason the
 * turn ended. The turn in flight — the request, its steps, its results and the delegation call
 * itself — is left out whole, which is what keeps the seed balanced without synthetic results.
 */
export function planDeepSeekFork(parent: ParentTranscript, request: DeepSeekForkRequest, end: number): ForkPlan {
  const { messages, profile } = parent;
  const validation = validateDeepSeekForkParams(request.params, profile);
  if (!validation.ok) return rejectedPlan(POLICY, [validation.error], messages.length);
  const { persona, toolFilter, outputSchema } = validation.options;

  const shipped = isShippedDeepSeek(request.runtimeVersion);
  const lastEnd = findLastTurnEnd(messages, end);
  const seedLength = lastEnd === null ? 0 : lastEnd.index + 1;
  const initialMessages: ChildMessage[] = new Array(seedLength);
  let realTurns = 0;
  for (let index = 0; index < seedLength; index++) {
    const { message, meta } = messages[index]!;
    if (isRealUserTurn(message, meta)) realTurns++;
    initialMessages[index] = copyToChild(message, meta, [index], messages);
  }

  const registry = registryOf(profile);
  const filtered = toolFilter === undefined ? registry : registry.filter((tool) => toolFilter.includes(tool.name));
  // The filter narrows the tools the child inherits; the child's own structured_output tool is
  // exempt. 0.1 registers it among the others, which it lists by name.
  const withStructured = outputSchema === undefined ? filtered : [...filtered, structuredOutputTool(outputSchema)];
  const tools = shipped && outputSchema !== undefined ? [...withStructured].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) : withStructured;
  const removed = registry.filter((tool) => !filtered.includes(tool)).map((tool) => tool.name);
  const parentPrompt = shipped ? withoutToolSections(profile.systemInstruction, removed) : profile.systemInstruction;
  // 0.1 replaces the deployment's persona section with the fork's; the code read before replaced the whole prompt.
  const base = persona === undefined ? parentPrompt : shipped ? withPersona(parentPrompt, persona) : persona;
  const systemInstruction = outputSchema === undefined ? base : withStructuredOutputContract(base);
  // 0.1's child hears its runtime context after its task, as its parent did after each prompt.
  const context = shipped ? childRuntimeContext(messages, end) : null;
  const taskPrompt = firstPromptMessage(request.directive, 'task-prompt');
  if (context !== null) initialMessages.push(taskPrompt);

  const ranges = new ParentRangeBuilder()
    .add(0, seedLength, 'inherited', 'in-window', DETAILS['in-window'])
    .add(seedLength, end, 'excluded', 'in-flight-turn', DETAILS['in-flight-turn'])
    .add(end, messages.length, 'excluded', 'after-fork-point', DETAILS['after-fork-point']);

  const description =
    lastEnd === null
      ? 'no completed turn yet: an empty seed, exactly like a fresh spawn'
      : `through the turn that ended after message ${lastEnd.index} (${lastEnd.reason}${lastEnd.derived ? ', inferred: the transcript records no turn ends' : ''})`;

  const plan = forkedPlan({
    policy: POLICY,
    profile,
    // A child of the harness starts in a fresh scope: the persona, the registry, not the caller's modes.
    keepsModes: false,
    systemInstruction,
    tools,
    inheritance: {
      systemInstruction: persona === undefined ? 'parent' : 'persona',
      tools: toolFilter === undefined ? 'registry' : 'registry-filtered',
      model: 'parent',
    },
    initialMessages,
    firstPrompt: context === null ? taskPrompt : firstPromptMessage(context, 'runtime-context'),
    parent: ranges.ranges,
    window: { start: seedLength > 0 ? 0 : null, end, description, realTurns },
  });
  // The tool's `prompt` parameter is any string (`tool-subagent`), so a blank task starts a child.
  const structured =
    outputSchema === undefined
      ? []
      : [
          'outputSchema gives the child, and only the child, the structured_output tool and a system-prompt contract to answer through it: the child’s system prompt and tools differ from the parent’s, so a prefix cache reuses nothing of the parent’s request.',
        ];
  return { ...plan, warnings: [...blankDirectiveWarning(request.directive, 'DeepSeek Harness'), ...structured] };
}
