// A driver for `fork-lab verify --driver ./driver.mjs`: how verify starts this runtime for each
// turn of a scenario, pointed at its recording endpoint. The same interface Fork Lab's built-in
// drivers implement (docs/verify.md, "A runtime of your own").
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('./scripted-runtime-cli.mjs', import.meta.url));

/** @type {import('fork-lab/kit').DriverFile} */
export default {
  name: 'scripted-runtime',
  version: '1.0.0',
  // The rules it claims: Claude Code's fork subagent. `--rules` on the command line overrides it.
  rules: 'claude-code',
  command: [process.execPath, cli],
  // Its base URL, and the mistake to make when a test asks for one; nothing else of this process's environment.
  env: (origin) => ({
    SCRIPTED_RUNTIME_BASE_URL: origin,
    ...(process.env.SCRIPTED_RUNTIME_MISTAKE === undefined ? {} : { SCRIPTED_RUNTIME_MISTAKE: process.env.SCRIPTED_RUNTIME_MISTAKE }),
  }),
  args: (prompt, continued) => [...(continued ? ['--continue'] : []), '-p', prompt],
  // A fork's result reaches the parent as a message of its own (a task notification), not as the call's answer.
  resultArrives: 'as-message',
};
