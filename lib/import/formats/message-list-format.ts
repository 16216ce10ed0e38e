import type { FidelityLog } from '../fidelity-report';
import type { ConvertedImport, ImportFormat, ImportFormatId } from '../import-format';
import { IMPORT_FORMAT_LABELS } from '../import-format-choices';
import { type MessageList, messageListOf, REQUEST_SETTING_DROPPED, reportUnreadKeys, requireMessageList } from './api-body';

export interface MessageListReader {
  /** The keys of a request body around the list that the format reads; the others are reported as dropped settings. */
  bodyKeysRead: ReadonlySet<string>;
  /** How sure the format is, given a list with messages in it. */
  detect(list: MessageList): number;
  convert(list: MessageList, log: FidelityLog): ConvertedImport;
}

/**
 * A format read from a JSON message list: a bare array, or the `messages` of a request body. An
 * empty list holds no conversation, so none of these formats claims it; a body's settings (sampling,
 * output limits) are not what a fork inherits, so each one is reported before the list is read.
 * `label` is how errors name the format (`OpenAI Chat Completions`); the person sees the table's.
 */
export function messageListFormat(id: ImportFormatId, label: string, reader: MessageListReader): ImportFormat {
  return {
    id,
    label: IMPORT_FORMAT_LABELS[id],
    detect(source) {
      const list = messageListOf(source);
      return list === undefined || list.messages.length === 0 ? 0 : reader.detect(list);
    },
    convert(source, log) {
      const list = requireMessageList(source, label);
      if (list.body !== undefined) reportUnreadKeys(list.body, reader.bodyKeysRead, '', log, REQUEST_SETTING_DROPPED);
      return reader.convert(list, log);
    },
  };
}
