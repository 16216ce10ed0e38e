'use client';

import type { ForkFamily } from '@/lib/fork';
import styles from './preview.module.css';

/**
 * The children one call starts together, each from the same snapshot: what each is asked, in the
 * runtime's launch order and schedule. The one the preview shows is marked.
 */
export function FamilyMembers({ family }: { family: ForkFamily }) {
  return (
    <details className={styles.section} data-testid="preview-family" open>
      <summary>
        {family.tool} “{family.description}”{' '}
        <span className={styles.muted}>
          ({family.members.length} children launched together from one call; each inherits the same history and differs only in its task)
        </span>
      </summary>
      <table className={styles.family}>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Child</th>
            <th scope="col">Item</th>
            <th scope="col">Task</th>
            <th scope="col">Launch</th>
          </tr>
        </thead>
        <tbody>
          {family.members.map((member) => (
            <tr key={member.index} aria-current={member.index === family.member ? 'true' : undefined} data-testid="family-member">
              <td>{member.index}</td>
              <td>
                {member.name}
                {member.index === family.member ? <span className={styles.muted}> (shown below)</span> : null}
              </td>
              <td>
                <code>{member.label}</code>
              </td>
              <td>{member.task}</td>
              <td>+{(member.launchAfterMs / 1000).toFixed(1)} s</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
