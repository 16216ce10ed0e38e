import { FidelityLog } from '../fidelity-report';
import type { ImportFormat } from '../import-format';
import { readImportSource } from '../read-import-source';

/** Records as a JSON Lines file, one per line, ending with a newline as the CLIs write them. */
export function jsonl(records: object[]): string {
  return `${records.map((record) => JSON.stringify(record)).join('\n')}\n`;
}

/** Read `text` and convert it with `format`, as an import does, with the report's findings beside the result. */
export async function convertWith(format: ImportFormat, text: string) {
  const log = new FidelityLog();
  const source = await readImportSource(text, log);
  const converted = format.convert(source, log);
  return { ...converted, entries: log.entries() };
}
