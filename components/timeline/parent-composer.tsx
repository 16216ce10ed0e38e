'use client';

import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { workspaceStore } from '@/lib/workspace/browser-workspace';
import styles from './timeline.module.css';

/** Append a message to the parent: the way to show that children do not change when it does. */
export function ParentComposer() {
  const [role, setRole] = useState<'user' | 'assistant'>('user');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function append() {
    if (text.trim() === '') {
      setError('Write something to append: an empty message is not a turn.');
      return;
    }
    try {
      workspaceStore.getState().appendParentMessage({ role, content: text });
      setText('');
      setError(null);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    }
  }

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        append();
      }}
      aria-label="Append a message to the parent"
    >
      <label htmlFor={`${id}-role`} className={styles.srOnly}>
        Role
      </label>
      <NativeSelect id={`${id}-role`} value={role} onChange={(event) => setRole(event.target.value as 'user' | 'assistant')} data-testid="composer-role">
        <option value="user">user</option>
        <option value="assistant">assistant</option>
      </NativeSelect>
      <label htmlFor={`${id}-text`} className={styles.srOnly}>
        Message to append
      </label>
      <Input
        id={`${id}-text`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Append a message to the parent…"
        data-testid="composer-text"
      />
      <Button type="submit" data-testid="composer-append">
        Append
      </Button>
      {error !== null && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </form>
  );
}
