// The benches' command line: `--name value` options, each with its default.

/** `opt("tables", "1000")`: the value after `--tables` in `args`, else the default. */
export function options(args: readonly string[]): (name: string, dflt: string) => string {
  return (name, dflt) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : dflt;
  };
}

/**
 * `--hands 4000`: a positive whole number, `dflt` when the option is absent. Anything else
 * (`--hands ten`, `--hands 0`, a missing value) is refused with a RangeError naming the
 * option: a bench run on a value it did not ask for would print figures for the wrong work.
 */
export function positiveInteger(args: readonly string[], name: string, dflt: number): number {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return dflt;
  const value = Number(args[i + 1]);
  if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`--${name} needs a positive whole number, not ${args[i + 1] ?? "nothing"}`);
  return value;
}
