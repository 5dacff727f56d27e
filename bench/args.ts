// The benches' command line: `--name value` options, each with its default.

/** `opt("tables", "1000")`: the value after `--tables` in `args`, else the default. */
export function options(args: readonly string[]): (name: string, dflt: string) => string {
  return (name, dflt) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : dflt;
  };
}
