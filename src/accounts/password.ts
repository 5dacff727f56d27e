// Password hashing with scrypt (node:crypto), memory-hard: N = 2^15, r = 8, p = 1 needs
// 128·N·r = 32 MiB per hash, so guessing is costly on GPUs as well as CPUs. That is twice
// the scrypt paper's interactive-login setting (N = 2^14, also Node's default); OWASP lists
// N = 2^15 with p = 3 as equivalent to its 2^17 minimum; we keep p = 1 to bound sign-in
// latency on a busy server (measured ~0.8-1 s on the shared 2-core CI box under load; tens
// of ms on an idle core). The stored form "scrypt$N$r$p$salt$hash" carries its parameters,
// so they can be raised later: old hashes still verify and are rehashed at next sign-in.
// Salt: 16 random bytes; key: 32 bytes; comparison is constant-time (timingSafeEqual).
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

export interface ScryptParams {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    // Async scrypt runs on the libuv thread pool: the event loop keeps serving tables.
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, options, (e, key) => (e ? reject(e) : resolve(key)));
  });
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((x) => Number.isSafeInteger(x) && x > 0)) return false;
  const salt = Buffer.from(parts[4] ?? "", "base64url");
  const expected = Buffer.from(parts[5] ?? "", "base64url");
  if (expected.length !== KEY_LENGTH) return false;
  const key = await derive(password, salt, { N, r, p });
  return timingSafeEqual(key, expected);
}

/** True when the stored hash uses weaker parameters than `params` (rehash at next sign-in). */
export function needsRehash(stored: string, params: ScryptParams = DEFAULT_SCRYPT): boolean {
  const [, N, r, p] = stored.split("$").map(Number);
  return N !== params.N || r !== params.r || p !== params.p;
}
