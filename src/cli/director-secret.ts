// Where a director's NAME:PASSWORD comes from: the environment (FELT_DIRECTOR) or
// a file (--director-file PATH, its first line), never the command line, where every local
// user reads it in `ps`. The old `--director NAME:PASSWORD` is refused with this message.
import { readFileSync } from "node:fs";
import { fail, ok, type Result } from "../lib/result.ts";
import { CLI_ERRORS } from "./error-catalogue.ts";

export interface DirectorSecret {
  readonly name: string;
  readonly password: string;
}

export const DIRECTOR_FLAG_REFUSED =
  "--director NAME:PASSWORD is no longer accepted: a password on the command line is visible to every local user in `ps`. " +
  "Give it as FELT_DIRECTOR=NAME:PASSWORD in the environment or in a file with --director-file PATH.";

function parseSecret(text: string, where: string): Result<DirectorSecret> {
  const line = text.split(/\r?\n/)[0] ?? "";
  const i = line.indexOf(":");
  if (i < 1 || i === line.length - 1) return fail(CLI_ERRORS.badDirector, `${where} must hold NAME:PASSWORD`);
  return ok({ name: line.slice(0, i), password: line.slice(i + 1) });
}

/** The director from FELT_DIRECTOR and/or --director-file (both: both are created); none is fine. */
export function directorSecrets(env: Readonly<Record<string, string | undefined>>, file: string | undefined): Result<DirectorSecret[]> {
  const out: DirectorSecret[] = [];
  const fromEnv = env["FELT_DIRECTOR"];
  if (fromEnv !== undefined && fromEnv !== "") {
    const d = parseSecret(fromEnv, "FELT_DIRECTOR");
    if (!d.ok) return d;
    out.push(d.value);
  }
  if (file !== undefined) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (e) {
      return fail(CLI_ERRORS.badDirector, `cannot read --director-file ${file}: ${(e as Error).message}`);
    }
    const d = parseSecret(text, `--director-file ${file}`);
    if (!d.ok) return d;
    out.push(d.value);
  }
  return ok(out);
}
