import { describe, expect, it } from 'vitest';
import { deepAgentsFraming, FORK_TASK_PREAMBLE, forkTaskPrompt } from './fork-preamble';

describe('the fork task preamble', () => {
  it('is FORK_TASK_PREAMBLE of deepagents 1.14.1, then the description', () => {
    expect(forkTaskPrompt('What is the deploy password?')).toBe(
      '[The messages above are a prior conversation you are continuing as the subagent that was just invoked. Any mention in them of delegating to a subagent already happened — you are that subagent, not the one being asked to delegate further. If you try to delegate to another subagent yourself, it will be refused — complete this task directly. Use the specific facts, figures, and identifiers already established in that conversation when completing the task below — do not answer generically when exact details are already available above. Your actual task is below.]\n\nWhat is the deploy password?',
    );
  });

  it('is what the offline model reads past: marked, and stripped through its closing line to the task', () => {
    const prompt = forkTaskPrompt('Call task with subagent_type=forker description=nested');
    expect(deepAgentsFraming.marks(prompt)).toBe(true);
    expect(deepAgentsFraming.strip(prompt)).toBe('Call task with subagent_type=forker description=nested');
    expect(deepAgentsFraming.marks('What is the deploy password?')).toBe(false);
    expect(deepAgentsFraming.strip('What is the deploy password?')).toBe('What is the deploy password?');
    // A preamble cut short is left as it is: there is no task after it to find.
    expect(deepAgentsFraming.strip(FORK_TASK_PREAMBLE.slice(0, 200))).toBe(FORK_TASK_PREAMBLE.slice(0, 200));
  });
});
