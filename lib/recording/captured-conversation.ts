import type { ParentTranscript } from '@/lib/fork';
import { importTranscript } from '@/lib/import/import-transcript';
import type { ModelApi } from './model-api';

/** A captured request read back as a conversation: what the runtime sent its model. */
export interface CapturedConversation {
  id: number;
  api: ModelApi;
  transcript: ParentTranscript;
  /** The request's headers as captured: a runtime's user agent says which runtime and release sent it. */
  headers?: Readonly<Record<string, string>>;
}

/** Read a captured request body as a conversation, with the importer every export round-trips through. */
export async function readCapture(id: number, api: ModelApi, body: string, headers?: Readonly<Record<string, string>>): Promise<CapturedConversation | null> {
  try {
    return { id, api, transcript: (await importTranscript(body, { format: api })).transcript, ...(headers === undefined ? {} : { headers }) };
  } catch {
    return null;
  }
}
