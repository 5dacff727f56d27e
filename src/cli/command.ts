// What every `felt` command is: a summary for `felt --help`, its usage, and a run that
// returns the exit code. Its own file so the commands need not import the entry point.
export interface Command {
  readonly summary: string;
  readonly usage: string;
  run(args: readonly string[]): Promise<number>;
}
