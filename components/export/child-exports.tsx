'use client';

import { childTranscriptMarkdown } from '@/lib/export/child-markdown';
import { childTranscript } from '@/lib/export/fork-bundle';
import type { ChildRecord } from '@/lib/workspace/workspace';
import { fileSlug, prettyJson } from './download-file';
import { ExportBar, ExportButton } from './export-bar';

/**
 * Exports of one child's transcript, for reading or replaying. A bundle of its fork is exported from
 * the preview, where the parent and the plan it was made on are at hand.
 */
export function ChildExports({ child, title }: { child: ChildRecord; title: string }) {
  const slug = fileSlug(`${title} ${child.name}`);
  return (
    <ExportBar testId="child-exports">
      <ExportButton
        testId="export-child-markdown"
        file={() => ({
          name: `${slug}.md`,
          text: childTranscriptMarkdown({
            name: child.name,
            child: child.plan.child,
            ownMessages: child.ownMessages,
            status: child.run?.status ?? 'planned',
            finalOutput: child.run?.finalOutput ?? null,
          }),
          type: 'text/markdown',
        })}
      >
        Markdown
      </ExportButton>
      <ExportButton
        testId="export-child-messages"
        title="The child's whole transcript so far as AI SDK ModelMessage[] JSON"
        file={() => ({ name: `${slug}.model-messages.json`, text: prettyJson(childTranscript(child.plan, child.ownMessages)), type: 'application/json' })}
      >
        ModelMessage[] JSON
      </ExportButton>
    </ExportBar>
  );
}
