'use client';

import { toAnthropicMessagesRequest } from '@/lib/export/anthropic-messages-request';
import { forkBundle } from '@/lib/export/fork-bundle';
import { toOpenAiChatRequest } from '@/lib/export/openai-chat-request';
import type { ForkRequest, ParentTranscript } from '@/lib/fork';
import { type CompactForkPlan, expandPlan } from '@/lib/fork-service/compact-plan';
import type { ChildRecord } from '@/lib/workspace/workspace';
import { bundleChild } from './bundle-children';
import { downloadFile, fileSlug, prettyJson } from './download-file';
import styles from './export.module.css';

export interface PreviewExportsProps {
  title: string;
  /** The parent exactly as the plan was made on it (with the Agent call a launch would write). */
  parent: ParentTranscript;
  request: ForkRequest;
  /** The preview's plan, compacted; it is expanded only when an export needs it. */
  plan: CompactForkPlan;
  childrenRecords: readonly ChildRecord[];
}

/**
 * Exports of what the preview shows: the fork as a bundle (with every child launched so far), and
 * the child's exact first request as an OpenAI Chat Completions or Anthropic Messages body.
 */
export function PreviewExports({ title, parent, request, plan, childrenRecords }: PreviewExportsProps) {
  const slug = fileSlug(title);
  const full = () => expandPlan(plan, parent.messages);
  const child = () => full().child;
  return (
    <div className={styles.exports} data-testid="preview-exports">
      <span className={styles.label}>Export</span>
      <button
        type="button"
        data-testid="export-bundle"
        title="The parent, this fork request, its plan and every child launched from this parent, as one versioned JSON file"
        onClick={() =>
          downloadFile(
            `${slug}.fork-bundle.json`,
            prettyJson(forkBundle({ title, parent, request, plan: full(), children: childrenRecords.map(bundleChild) })),
            'application/json',
          )
        }
      >
        Fork bundle
      </button>
      <button
        type="button"
        disabled={plan.child === null}
        data-testid="export-openai-chat"
        title="The child's first request as an OpenAI Chat Completions body"
        onClick={() => {
          const request = child();
          if (request !== null) downloadFile(`${slug}.openai-chat.json`, prettyJson(toOpenAiChatRequest(request)), 'application/json');
        }}
      >
        OpenAI Chat JSON
      </button>
      <button
        type="button"
        disabled={plan.child === null}
        data-testid="export-anthropic"
        title="The child's first request as an Anthropic Messages body"
        onClick={() => {
          const request = child();
          if (request !== null) downloadFile(`${slug}.anthropic-messages.json`, prettyJson(toAnthropicMessagesRequest(request)), 'application/json');
        }}
      >
        Anthropic Messages JSON
      </button>
    </div>
  );
}
