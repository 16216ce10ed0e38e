'use client';

import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { downloadFile } from './download-file';
import styles from './export.module.css';

/** The row of export buttons under a view, with its label. */
export function ExportBar({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <div className={styles.exports} data-testid={testId}>
      <span className={styles.label}>Export</span>
      {children}
    </div>
  );
}

/** A file to download: its name, its text and its media type. */
export interface ExportFile {
  name: string;
  text: string;
  type: string;
}

export interface ExportButtonProps {
  testId: string;
  title?: string;
  disabled?: boolean;
  /** Built when the button is pressed, not on every render: a bundle expands the whole plan. Null when there is nothing to export. */
  file(): ExportFile | null;
  children: ReactNode;
}

export function ExportButton({ testId, title, disabled, file, children }: ExportButtonProps) {
  return (
    <Button
      disabled={disabled}
      data-testid={testId}
      title={title}
      onClick={() => {
        const made = file();
        if (made !== null) downloadFile(made.name, made.text, made.type);
      }}
    >
      {children}
    </Button>
  );
}
