'use client';

import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { toAnthropicMessagesRequest } from '@/lib/export/anthropic-messages-request';
import { forkBundle } from '@/lib/export/fork-bundle';
import { toOpenAiChatRequest } from '@/lib/export/openai-chat-request';
import type { ChildRequest, ForkRequest, ParentTranscript } from '@/lib/fork';
import { type CompactForkPlan, expandPlan } from '@/lib/fork-exchange/compact-plan';
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

/** Cache hints an export can carry: Anthropic's breakpoints where the forecast put them, OpenAI's cache key. */
interface CacheHints {
  on: boolean;
  promptCacheKey: string;
}

/** The child's first request as each provider's request body. */
const REQUEST_BODIES: readonly { testId: string; suffix: string; title: string; label: string; toBody(child: ChildRequest, hints: CacheHints): unknown }[] = [
  {
    testId: 'export-openai-chat',
    suffix: 'openai-chat',
    title: "The child's first request as an OpenAI Chat Completions body",
    label: 'OpenAI Chat JSON',
    toBody: (child, hints) => toOpenAiChatRequest(child, hints.on ? { promptCacheKey: hints.promptCacheKey } : {}),
  },
  {
    testId: 'export-anthropic',
    suffix: 'anthropic-messages',
    title: "The child's first request as an Anthropic Messages body",
    label: 'Anthropic Messages JSON',
    toBody: (child, hints) => toAnthropicMessagesRequest(child, { cacheBreakpoints: hints.on }),
  },
];

/**
 * Exports of what the preview shows: the fork as a bundle (with every child launched so far), and
 * the child's exact first request as an OpenAI Chat Completions or Anthropic Messages body.
 */
export function PreviewExports({ title, parent, request, plan, childrenRecords }: PreviewExportsProps) {
  const slug = fileSlug(title);
  const [hints, setHints] = useState<CacheHints>({ on: true, promptCacheKey: parent.profile.agentId });
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
            return child === null ? null : { name: `${slug}.${api.suffix}.json`, text: prettyJson(api.toBody(child, hints)), type: 'application/json' };
          }}
        >
          {api.label}
        </ExportButton>
      ))}
      <label title="Anthropic: cache_control where the cache forecast placed its breakpoints. OpenAI: the parent's prompt_cache_key, so the fork keeps its cache lineage.">
        <input type="checkbox" checked={hints.on} data-testid="export-cache-hints" onChange={(event) => setHints({ ...hints, on: event.target.checked })} />{' '}
        cache hints
      </label>
      {hints.on && (
        <Input
          aria-label="The parent's prompt_cache_key"
          data-testid="export-prompt-cache-key"
          value={hints.promptCacheKey}
          maxLength={200}
          size={12}
          onChange={(event) => setHints({ ...hints, promptCacheKey: event.target.value })}
        />
      )}
    </ExportBar>
  );
}
