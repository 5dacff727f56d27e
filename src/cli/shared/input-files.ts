// The files a command reads: each argument is a file, or a folder read recursively for the
// files whose names end in one of `extensions`, so a data set of any size is one argument
// (no shell argument limit). Folders are walked in name order; a given file is taken as is.
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";

export interface InputFiles {
  readonly files: string[];
  /** Arguments that are neither a file nor a folder. */
  readonly missing: string[];
}

export async function inputFiles(args: readonly string[], extensions: readonly string[]): Promise<InputFiles> {
  const files: string[] = [];
  const missing: string[] = [];
  const wanted = (name: string) => extensions.some((e) => name.toLowerCase().endsWith(e));
  async function walk(dir: string): Promise<void> {
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const path = join(dir, e.name);
      if (e.isDirectory()) await walk(path);
      else if (e.isFile() && wanted(e.name)) files.push(path);
    }
  }
  for (const arg of args) {
    let info;
    try {
      info = await stat(arg);
    } catch {
      missing.push(arg);
      continue;
    }
    if (info.isDirectory()) await walk(arg);
    else files.push(arg);
  }
  return { files, missing };
}
