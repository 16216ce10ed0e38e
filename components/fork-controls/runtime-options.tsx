import { FORK_RUNTIMES } from '@/lib/fork';

/** Every runtime of the registry as a select's options, by its name. */
export function RuntimeOptions() {
  return FORK_RUNTIMES.map((candidate) => (
    <option key={candidate.policy} value={candidate.policy}>
      {candidate.name}
    </option>
  ));
}
