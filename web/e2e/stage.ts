import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll } from "vitest";
import { build } from "vite";
import { chromium, type Browser, type Page } from "playwright-core";
import { RESOURCES } from "../src/i18n/index.ts";
import { startFelt, type FeltProcess } from "./felt-process.ts";
import { signInDirector } from "./real-bots.ts";

// The browser tests' stage, said once: the freshly built app served by a real `felt serve`
// child (its own SQLite file in a temporary folder), Debian's chromium, the artifacts folder
// for screenshots, the server's output printed when a test fails, everything stopped after.

export const CHROMIUM = "/usr/bin/chromium";
export const haveChromium = existsSync(CHROMIUM);
export const BROWSER_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
export const repo = join(import.meta.dirname, "..", "..");
export const artifacts = join(repo, "artifacts");

export interface StageOptions {
  /** The temporary folder's name prefix (felt-real-, felt-player-, …). */
  readonly folder: string;
  readonly director: { readonly name: string; readonly password: string };
  /** `felt serve` options (the action clock, the pause between hands). */
  readonly serveArgs?: readonly string[];
  readonly browserArgs?: readonly string[];
  /** More to print when a test failed (the pages' errors). */
  readonly onFailure?: () => string;
  /** Before the browser and the server stop (the bot crews). */
  readonly beforeStop?: () => Promise<void>;
}

export interface Stage {
  readonly felt: FeltProcess;
  readonly browser: Browser;
  /** The director's session, signed in over HTTP. */
  readonly directorToken: string;
}

/** Registers the file's hooks that set the stage up and take it down; its parts once they are up. */
export function feltStage(o: StageOptions): Stage {
  let work = "";
  let felt: FeltProcess | undefined;
  let browser: Browser | undefined;
  let directorToken = "";

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), o.folder));
    // felt serve serves ./web/dist of its working directory: build the app there.
    await build({ configFile: join(repo, "web", "vite.config.ts"), logLevel: "warn", build: { outDir: join(work, "web", "dist"), emptyOutDir: true } });
    // Cheap password hashing and no sign-up limit for the many bot sign-ups from this one
    // address, when this server offers them (one from before the limit had none).
    felt = await startFelt({ repo, cwd: work, db: join(work, "felt.sqlite"), director: o.director, args: o.serveArgs ?? [] }, [
      "--scrypt-n",
      "1024",
      "--sign-ups-per-address",
      "0",
    ]);
    directorToken = await signInDirector(felt.url, o.director);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...(o.browserArgs ?? BROWSER_ARGS)] });
    mkdirSync(artifacts, { recursive: true });
  }, 240_000);

  afterEach(({ task }) => {
    // A failure against the real server is easier to read with the server's own log.
    if (task.result?.state === "fail" && felt) console.error(`felt serve output (last 4 KB):\n${felt.output().slice(-4096)}${o.onFailure?.() ?? ""}`);
  });

  afterAll(async () => {
    await o.beforeStop?.();
    await browser?.close();
    await felt?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  }, 60_000);

  return {
    get felt() {
      return felt!;
    },
    get browser() {
      return browser!;
    },
    get directorToken() {
      return directorToken;
    },
  };
}

/** The sign-in form (open on `page`), filled and sent; waits for the lobby. With `signUp`, the sign-up form instead. */
export async function signInForm(
  page: Page,
  who: { readonly name: string; readonly password: string },
  o: { signUp?: boolean; timeoutMs?: number } = {},
): Promise<void> {
  const en = RESOURCES.en;
  if (o.signUp === true) await page.getByRole("button", { name: en.auth.needAccount }).click();
  await page.getByLabel(en.auth.name).fill(who.name);
  await page.getByLabel(en.auth.password).fill(who.password);
  await page.locator("form button[type=submit]").click();
  await page.waitForSelector(`h1:text-is('${en.lobby.title}')`, { timeout: o.timeoutMs ?? 20_000 });
}
