import { FORK_RUNTIMES } from '@/lib/fork';

/** Every runtime of the registry as a select's options, by its name and the id the CLI, the API and links use. */
export function RuntimeOptions() {
  return FORK_RUNTIMES.map((candidate) => (
    <option key={candidate.policy} value={candidate.policy}>
      {candidate.name} · {candidate.policy}
    </option>
  ));
}
