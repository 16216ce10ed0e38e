/** Where a command writes: machine output (a summary, JSON) on stdout, messages for people on stderr. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}
