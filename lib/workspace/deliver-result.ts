import { FORK_PLACEHOLDER_RESULT, type ForkPolicy, type ParentTranscript, type TranscriptMessage } from '@/lib/fork';
import { freshMessageId } from './parent-edits';

/** The parent's tool call with this id, if it is still waiting for a result. */
function openCall(transcript: ParentTranscript, toolCallId: string): { toolName: string } | null {
  let call: { toolName: string } | null = null;
  for (const entry of transcript.messages) {
    const content = entry.message.content;
    if (typeof content === 'string') continue;
    for (const part of content as { type: string; toolCallId?: string; toolName?: string }[]) {
      if (part.type === 'tool-call' && part.toolCallId === toolCallId) call = { toolName: String(part.toolName) };
      if (part.type === 'tool-result' && part.toolCallId === toolCallId) return null;
    }
  }
  return call;
}

function toolResult(transcript: ParentTranscript, toolCallId: string, toolName: string, text: string): TranscriptMessage {
  return {
    id: freshMessageId(transcript, 'r'),
    message: { role: 'tool', content: [{ type: 'tool-result', toolCallId, toolName, output: { type: 'text', value: text } }] },
  };
}

/**
 * What the parent sees the moment a child is launched. A Qwen fork runs in the background, so its
 * Agent call is answered at once with the same placeholder the child's copy of the call got; the
 * other runtimes keep the call open until the child's result comes back.
 */
export function acknowledgeLaunch(transcript: ParentTranscript, policy: ForkPolicy, agentCallId: string | null): ParentTranscript {
  if (policy !== 'qwen-fork-turns' || agentCallId === null) return transcript;
  const call = openCall(transcript, agentCallId);
  if (call === null) return transcript;
  return { ...transcript, messages: [...transcript.messages, toolResult(transcript, agentCallId, call.toolName, FORK_PLACEHOLDER_RESULT)] };
}

/**
 * The parent receives the child's final output and nothing else: as the result of its Agent call
 * when that call is still open, otherwise (a background fork, or a call the person has since
 * edited away) as a notification reminder, which never counts as a real user turn.
 */
export function deliverChildResult(
  transcript: ParentTranscript,
  child: { name: string; agentCallId: string | null; output: string },
): ParentTranscript {
  const call = child.agentCallId === null ? null : openCall(transcript, child.agentCallId);
  const message: TranscriptMessage =
    call !== null
      ? toolResult(transcript, child.agentCallId!, call.toolName, child.output)
      : {
          id: freshMessageId(transcript, 'n'),
          message: {
            role: 'user',
            content: [{ type: 'text', text: `<system-reminder>\nThe forked agent "${child.name}" finished. Its result:\n${child.output}\n</system-reminder>` }],
          },
        };
  return { ...transcript, messages: [...transcript.messages, message] };
}
