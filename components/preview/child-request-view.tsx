import type { ChildMessage, ForkPlan } from '@/lib/fork';
import { previewText } from '@/lib/view/message-preview';
import styles from './preview.module.css';

function sourceLabel(message: ChildMessage): string {
  const source = message.source;
  if (source.kind === 'synthetic') return `synthetic · ${source.rule.replaceAll('-', ' ')}`;
  const rows = source.parentIndexes.map((index) => `#${index}`).join(' + ');
  const change = source.change === undefined ? '' : ` · ${source.change.replaceAll('-', ' ')}`;
  return `copy of ${rows}${change}`;
}

export interface ChildRequestViewProps {
  plan: ForkPlan;
}

/** Exactly what the child receives: its profile, inherited messages with provenance, first prompt. */
export function ChildRequestView({ plan }: ChildRequestViewProps) {
  if (plan.errors.length > 0) {
    return (
      <section className={styles.preview} data-testid="plan-errors" aria-label="Rejected request">
        <h2>The runtime rejects this request</h2>
        <ul>
          {plan.errors.map((error) => (
            <li key={error.code} data-testid="plan-error" data-parameter={error.parameter}>
              <code>{error.parameter}</code>: {error.message}
            </li>
          ))}
        </ul>
      </section>
    );
  }
  if (plan.child === null) {
    return (
      <section className={styles.preview} data-testid="plan-fresh">
        <h2>Not a fork</h2>
        <p>{plan.freshReason}: a regular subagent starts with no parent history.</p>
      </section>
    );
  }
  const child = plan.child;
  return (
    <section className={styles.preview} data-testid="child-request" aria-label="What the child receives">
      <h2>What the child receives</h2>
      <p className={styles.summary} data-testid="window-summary">
        {plan.window?.description} · {child.initialMessages.length} initial message
        {child.initialMessages.length === 1 ? '' : 's'} · {plan.cache?.reusableMessages ?? 0} reusable from the parent’s cache
      </p>
      <h3>System instruction ({child.inheritance.systemInstruction})</h3>
      <pre data-testid="preview-system">{child.systemInstruction || '(empty)'}</pre>
      <h3>Tools ({child.inheritance.tools})</h3>
      <p data-testid="preview-tools">{child.tools.map((tool) => tool.name).join(', ') || 'none'}</p>
      <h3>Initial messages</h3>
      <ol className={styles.messages} data-testid="preview-messages">
        {child.initialMessages.map((message, index) => (
          <li
            key={index}
            className={message.source.kind === 'synthetic' ? styles.synthetic : undefined}
            data-testid="preview-message"
            data-source={message.source.kind}
          >
            <div className={styles.head}>
              <span className={styles.role}>{message.message.role}</span>
              <span className={styles.source}>{sourceLabel(message)}</span>
            </div>
            <pre>{previewText(message.message)}</pre>
          </li>
        ))}
      </ol>
      <h3>First prompt</h3>
      <pre data-testid="preview-first-prompt">{previewText(child.firstPrompt.message)}</pre>
    </section>
  );
}
