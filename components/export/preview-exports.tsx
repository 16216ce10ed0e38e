'use client';

import { toAnthropicMessagesRequest } from '@/lib/export/anthropic-messages-request';
import { forkBundle } from '@/lib/export/fork-bundle';
import { toOpenAiChatRequest } from '@/lib/export/openai-chat-request';
import type { ChildRequest, ForkRequest, ParentTranscript } from '@/lib/fork';
import { type CompactForkPlan, expandPlan } from '@/lib/fork-service/compact-plan';
import type { ChildRecord } from '@/lib/workspace/workspace';
import { bundleChild } from './bundle-children';
import { fileSlug, prettyJson } from './download-file';
import { ExportBar, ExportButton } from './export-bar';

export interface PreviewExportsProps {
  title: string;
  /** The parent exactly as the plan was made on it (with the Agent call a launch would write). */
  parent: ParentTranscript;
  request: ForkRequest;
  /** The preview's plan, compacted; it is expanded only when an export needs it. */
  plan: CompactForkPlan;
  childrenRecords: readonly ChildRecord[];
}

/** The child's first request as each provider's request body. */
const REQUEST_BODIES: readonly { testId: string; suffix: string; title: string; label: string; toBody(child: ChildRequest): unknown }[] = [
  {
    testId: 'export-openai-chat',
    suffix: 'openai-chat',
    title: "The child's first request as an OpenAI Chat Completions body",
    label: 'OpenAI Chat JSON',
    toBody: toOpenAiChatRequest,
  },
  {
    testId: 'export-anthropic',
    suffix: 'anthropic-messages',
    title: "The child's first request as an Anthropic Messages body",
    label: 'Anthropic Messages JSON',
    toBody: toAnthropicMessagesRequest,
  },
];

/**
 * Exports of what the preview shows: the fork as a bundle (with every child launched so far), and
 * the child's exact first request as an OpenAI Chat Completions or Anthropic Messages body.
 */
export function PreviewExports({ title, parent, request, plan, childrenRecords }: PreviewExportsProps) {
  const slug = fileSlug(title);
  const full = () => expandPlan(plan, parent.messages);
  return (
    <ExportBar testId="preview-exports">
      <ExportButton
        testId="export-bundle"
        title="The parent, this fork request, its plan and every child launched from this parent, as one versioned JSON file"
        file={() => ({
          name: `${slug}.fork-bundle.json`,
          text: prettyJson(forkBundle({ title, parent, request, plan: full(), children: childrenRecords.map(bundleChild) })),
          type: 'application/json',
        })}
      >
        Fork bundle
      </ExportButton>
      {REQUEST_BODIES.map((api) => (
        <ExportButton
          key={api.testId}
          testId={api.testId}
          title={api.title}
          disabled={plan.child === null}
          file={() => {
            const child = full().child;
            return child === null ? null : { name: `${slug}.${api.suffix}.json`, text: prettyJson(api.toBody(child)), type: 'application/json' };
          }}
        >
          {api.label}
        </ExportButton>
      ))}
    </ExportBar>
  );
}
