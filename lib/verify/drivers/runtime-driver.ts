/** How the verify matrix runs one shipped runtime headless against a recording endpoint. */
export interface RuntimeDriver {
  /** Files the runtime reads from its own home before it starts (Codex's config.toml). */
  homeFiles(origin: string): Record<string, string>;
  /** The environment that points it at the endpoint, with the offline model and no user settings. */
  env(origin: string, home: string): Record<string, string>;
  /** The command line for one turn: a new session, or the next turn of the last one. */
  args(prompt: string, continued: boolean): string[];
}
