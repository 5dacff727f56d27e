// A SQLite path that cannot hold a database is refused at once with a clear error (:
// `--db sqlite:/proc/...` hung at start): pseudo file systems (/proc, /sys, /dev), a
// directory, or a place where the file or its directory cannot be created or written.
import { accessSync, constants, mkdirSync, statSync } from "node:fs";
import { dirname, resolve, sep } from "node:path";
import { fail, ok, type Result } from "../../lib/result.ts";
import { STORE_ERRORS } from "../errors.ts";

const PSEUDO = ["/proc", "/sys", "/dev"];

export function checkSqlitePath(path: string): Result<string> {
  if (path === ":memory:" || path.startsWith("file:")) return ok(path);
  const full = resolve(path);
  const bad = (why: string) => fail(STORE_ERRORS.badUrl, `sqlite:${path} cannot hold a database: ${why}`, { path });
  if (PSEUDO.some((p) => full === p || full.startsWith(p + sep))) return bad(`${full.split(sep).slice(0, 2).join(sep)} is not a file system for data`);
  const stat = (p: string) => {
    try {
      return statSync(p);
    } catch {
      return null;
    }
  };
  const existing = stat(full);
  if (existing?.isDirectory()) return bad("it is a directory");
  if (existing !== null && !existing.isFile()) return bad("it is not a regular file");
  const dir = dirname(full);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    return bad(`its directory cannot be created (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (!stat(dir)?.isDirectory()) return bad(`${dir} is not a directory`);
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
    if (existing !== null) accessSync(full, constants.R_OK | constants.W_OK);
  } catch {
    return bad("it is not writable");
  }
  return ok(full);
}
