import { describe, expect, it } from 'vitest';
import { parentOf } from '@/lib/scenarios/transcript-builders';
import type { ForkPlan } from '../fork-plan';
import { planFork, projectFilesRead } from '../plan-fork';
import { buildChildMessage } from './child-message';
import { DIRECTIVE, session } from './testing/qwen-plan-fixtures';

const PROFILE = '---\nname: ro-research\ntools: [read_file, grep_search]\npromptHint: Work read-only & cite <files>.\n---\n';

function planWith(params: Record<string, unknown>, projectFiles?: Record<string, string>) {
  return planFork(parentOf(session), {
    policy: 'qwen-fork-turns',
    directive: DIRECTIVE,
    params: { description: 'Task', subagent_type: 'fork', ...params },
    ...(projectFiles === undefined ? {} : { projectFiles }),
  });
}

/** Every text the child is sent that carries its directive. */
function directiveTexts(plan: ForkPlan): string[] {
  const child = plan.child!;
  return [...child.initialMessages, child.firstPrompt]
    .flatMap(({ message }) =>
      typeof message.content === 'string' ? [message.content] : message.content.flatMap((part) => ('text' in part ? [part.text] : [])),
    )
    .filter((text) => text.includes('Directive: '));
}

describe('Qwen fork_profile (0.24.4 loadForkProfile, then buildChildMessage)', () => {
  it('names the one project file the call reads', () => {
    const request = { policy: 'qwen-fork-turns', directive: DIRECTIVE, params: { subagent_type: 'fork', fork_profile: 'ro-research' } } as const;
    expect(projectFilesRead(request)).toEqual(['.qwen/fork-profiles/ro-research.md']);
    expect(projectFilesRead({ ...request, params: { subagent_type: 'fork', fork_profile: '-bad' } })).toEqual([]);
    expect(projectFilesRead({ ...request, params: { subagent_type: 'fork' } })).toEqual([]);
  });

  it("gives the child the profile's guidance and its tools as the restriction", () => {
    const plan = planWith({ fork_profile: 'ro-research' }, { '.qwen/fork-profiles/ro-research.md': PROFILE });
    expect(plan.errors).toEqual([]);
    expect(directiveTexts(plan)).toEqual([buildChildMessage(DIRECTIVE, '0.24', ['read_file', 'grep_search'], 'Work read-only & cite <files>.')]);
    expect(plan.warnings.some((warning) => warning.includes('fork_profile'))).toBe(false);
  });

  it("refuses the call in the runtime's words when the project has no such profile", () => {
    const plan = planWith({ fork_profile: 'ro-research' }, { 'notes.txt': 'x' });
    expect(plan.child).toBeNull();
    expect(plan.errors).toEqual([
      {
        parameter: 'fork_profile',
        code: 'fork_profile_load',
        message: 'Fork profile "ro-research" was not found at .qwen/fork-profiles/ro-research.md.',
        explanation: "Fork Lab read the project's files as given: notes.txt.",
      },
    ]);
  });

  it('plans without the profile, and says so, when the request carries no project files', () => {
    const plan = planWith({ fork_profile: 'ro-research' });
    expect(directiveTexts(plan)).toEqual([buildChildMessage(DIRECTIVE, '0.24')]);
    expect(plan.warnings).toContain(
      'fork_profile "ro-research": Qwen Code loads the profile\'s tools and promptHint from .qwen/fork-profiles/ro-research.md in the project, which this request does not carry (projectFiles), so the child is planned without the restriction and guidance it adds (or the runtime\'s error if the file is missing).',
    );
  });

  it('checks the parameters before it reads the file: fork_tools beside a profile is refused first', () => {
    const plan = planWith({ fork_profile: 'ro-research', fork_tools: [] }, {});
    expect(plan.errors.map((error) => error.message)).toEqual(['Parameters "fork_profile" and "fork_tools" cannot be used together.']);
  });
});
