/** The traffic files Fork Lab reads. */
export const TRAFFIC_FORMATS = ['claude-trace', 'har', 'mini-swe-agent', 'vcr-cassette'] as const;
export type TrafficFormat = (typeof TRAFFIC_FORMATS)[number];

/** How a person names a file of each format, and the place in it a problem points at. */
export const TRAFFIC_FORMAT_LABELS: Record<TrafficFormat, { file: string; place: string; places: string }> = {
  'claude-trace': { file: 'a claude-trace log', place: 'line', places: 'lines' },
  har: { file: 'a HAR file', place: 'entry', places: 'entries' },
  'mini-swe-agent': { file: 'a mini-swe-agent trajectory', place: 'line', places: 'lines' },
  'vcr-cassette': { file: 'a VCR cassette', place: 'interaction', places: 'interactions' },
};
