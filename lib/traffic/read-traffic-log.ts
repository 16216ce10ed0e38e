import { readClaudeTrace } from './claude-trace';
import { readHar } from './har';
import { readMiniSweTrajectory } from './mini-swe-agent';
import type { TrafficLog } from './traffic-exchange';
import type { TrafficFormat } from './traffic-formats';
import { readVcrCassette } from './vcr-cassette';

const READERS: Record<TrafficFormat, (text: string, source: string) => TrafficLog> = {
  'claude-trace': readClaudeTrace,
  har: readHar,
  'mini-swe-agent': readMiniSweTrajectory,
  'vcr-cassette': readVcrCassette,
};

/**
 * The format of a traffic file by its text: a HAR file is one JSON document with a `log`, a
 * trajectory names its format, a VCR cassette is YAML that opens with its `interactions:`, a
 * claude-trace log is a JSON object per line. One scan, no parse.
 */
export function detectTrafficFormat(text: string): TrafficFormat {
  if (/^\s*\{\s*"log"\s*:/.test(text)) return 'har';
  // Blank and comment lines, a document start, then the key: one pass, each line consumed once.
  if (/^(?:[ \t]*(?:#[^\n]*|---[^\n]*)?\r?\n)*interactions:/.test(text)) return 'vcr-cassette';
  if (/"trajectory_format"\s*:\s*"mini-swe-agent/.test(text)) return 'mini-swe-agent';
  return 'claude-trace';
}

/** The model requests of a traffic file in the given format. `source` names the file. */
export function readTrafficLog(format: TrafficFormat, text: string, source: string): TrafficLog {
  return READERS[format](text, source);
}
