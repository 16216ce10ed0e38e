import type { TranscriptMessage } from '@/lib/fork';
import type { ParentRegistration } from '@/lib/fork-exchange/answers';
import type { ChildTokenReport } from '@/lib/tokens/child-token-report';
import type { ImportError } from './import-errors';
import type { BundledChild } from './import-format';
import type { ImportProgress } from './import-source';
import type { ImportResult } from './import-transcript';

/** A bundled child with the token counts the app shows beside it. */
export type ImportedChild = BundledChild & { tokens: ChildTokenReport | null };

/** What `POST /api/import` answers: the transcript, the fidelity report and, for a bundle, its fork. */
export type ImportAnswer = Omit<ImportResult, 'children'> & { formatLabel: string; children?: ImportedChild[] };

/** An import refused, as the endpoint reports it. */
export type ImportErrorBody = ReturnType<ImportError['toJSON']> & { candidates?: { id: string; label: string }[] };

/** One line of the endpoint's streamed (NDJSON) answer. */
export type ImportStreamEvent =
  | ({ type: 'progress' } & ImportProgress)
  /** A run of the transcript's messages, in order, and how many there are in all; they all come before the result. */
  | { type: 'messages'; total: number; messages: TranscriptMessage[] }
  | {
      type: 'result';
      /** The answer with `transcript.messages` empty: they came in the `messages` events before it. */
      result: ImportAnswer;
      /** How many messages the `messages` events carried, so a reader can tell it has them all. */
      streamedMessages: number;
      /**
       * The parent as the server now holds it for planning: the app's window changes send only its
       * key, so an imported parent is not sent back to the server it came from.
       */
      registration: ParentRegistration;
    }
  | { type: 'error'; status: number; error: ImportErrorBody };
