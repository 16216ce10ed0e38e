'use client';

import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import type { ModelMessage } from '@/lib/fork';
import { workspaceStore } from '@/lib/workspace/browser-workspace';
import styles from './timeline.module.css';

/** Text when the message is only text (edited as text); otherwise its JSON. */
function editableText(message: ModelMessage): { mode: 'text' | 'json'; value: string } {
  const content = message.content as unknown;
  if (typeof content === 'string') return { mode: 'text', value: content };
  const parts = content as { type: string; text?: string }[];
  if (parts.length === 1 && parts[0]!.type === 'text') return { mode: 'text', value: parts[0]!.text ?? '' };
  return { mode: 'json', value: JSON.stringify(message, null, 2) };
}

/** Edit one parent message in place. A refused edit says why and changes nothing. */
export function MessageEditor({ index, message, onDone }: { index: number; message: ModelMessage; onDone(): void }) {
  const initial = editableText(message);
  const [value, setValue] = useState(initial.value);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function save() {
    try {
      let next: ModelMessage;
      if (initial.mode === 'text') {
        next =
          typeof message.content === 'string'
            ? ({ ...message, content: value } as ModelMessage)
            : ({ ...message, content: [{ type: 'text', text: value }] } as ModelMessage);
      } else {
        try {
          next = JSON.parse(value) as ModelMessage;
        } catch (cause) {
          throw new Error(`This is not valid JSON: ${(cause as Error).message}`);
        }
      }
      workspaceStore.getState().replaceParentMessage(index, next);
      onDone();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    }
  }

  return (
    <div className={styles.editor}>
      <label htmlFor={id}>{initial.mode === 'text' ? `Text of message #${index}` : `Message #${index} as an AI SDK ModelMessage (JSON)`}</label>
      <Textarea
        id={id}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        rows={Math.min(16, Math.max(3, value.split('\n').length + 1))}
        data-testid="message-editor"
        spellCheck={false}
      />
      {error !== null && (
        <p role="alert" className={styles.error} data-testid="edit-error">
          {error}
        </p>
      )}
      <div className={styles.editorActions}>
        <Button variant="primary" onClick={save} data-testid="save-message">
          Save
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </div>
    </div>
  );
}
