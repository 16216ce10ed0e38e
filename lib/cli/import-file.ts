import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { IMPORT_FORMAT_IDS, ImportError, type ImportFormatId, type ImportResult, importTranscript } from '@/lib/import';
import { CliUsageError } from './cli-usage-error';

const isFormat = (value: string): value is ImportFormatId => (IMPORT_FORMAT_IDS as readonly string[]).includes(value);

/** A file a command plans on, imported as the app imports it; what is wrong with it, as a usage error. */
export async function importFile(file: string | undefined, format: string | undefined): Promise<ImportResult> {
  if (file === undefined) throw new CliUsageError('<file>', 'name the transcript file to plan on');
  if (format !== undefined && !isFormat(format)) throw new CliUsageError('--format', `"${format}" is not a format; one of ${IMPORT_FORMAT_IDS.join(', ')}`);
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new CliUsageError('<file>', `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    return await importTranscript(new Uint8Array(bytes), { fileName: path.basename(file), ...(format === undefined ? {} : { format }) });
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    const where = [error.location.line === undefined ? '' : `line ${error.location.line}`, error.location.field ?? ''].filter(Boolean).join(', ');
    throw new CliUsageError('<file>', `${file} cannot be imported (${error.code}${where ? `, ${where}` : ''}): ${error.message}`);
  }
}
