'use client';

import { childTranscriptMarkdown } from '@/lib/export/child-markdown';
import { childTranscript } from '@/lib/export/fork-bundle';
import type { ChildRecord } from '@/lib/workspace/workspace';
import { downloadFile, fileSlug, prettyJson } from './download-file';
import styles from './export.module.css';

/**
 * Exports of one child's transcript, for reading or replaying. A bundle of its fork is exported from
 * the preview, where the parent and the plan it was made on are at hand.
 */
export function ChildExports({ child, title }: { child: ChildRecord; title: string }) {
  const slug = fileSlug(`${title} ${child.name}`);
  return (
    <div className={styles.exports} data-testid="child-exports">
      <span className={styles.label}>Export</span>
      <button
        type="button"
        data-testid="export-child-markdown"
        onClick={() =>
          downloadFile(
            `${slug}.md`,
            childTranscriptMarkdown({
              name: child.name,
              child: child.plan.child,
              ownMessages: child.ownMessages,
              status: child.run?.status ?? 'planned',
              finalOutput: child.run?.finalOutput ?? null,
            }),
            'text/markdown',
          )
        }
      >
        Markdown
      </button>
      <button
        type="button"
        data-testid="export-child-messages"
        title="The child's whole transcript so far as AI SDK ModelMessage[] JSON"
        onClick={() => downloadFile(`${slug}.model-messages.json`, prettyJson(childTranscript(child.plan, child.ownMessages)), 'application/json')}
      >
        ModelMessage[] JSON
      </button>
    </div>
  );
}
