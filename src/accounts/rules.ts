// Name and password rules. Names: 3..20 ASCII letters, digits, "_", "-", "." starting with a
// letter (ASCII only, so no two names look alike: "раul" vs "paul"), unique ignoring case.
// Passwords follow NIST SP 800-63B: length matters, composition rules do not; 8..128
// characters, not the name, not one repeated character, not a well-known password.
import { fail, ok, type Result } from "../lib/result.ts";
import { ACCOUNT_ERRORS } from "./errors.ts";

export const NAME_MIN = 3;
export const NAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const NAME = /^[A-Za-z][A-Za-z0-9_.-]*$/;
const RESERVED = new Set(["admin", "administrator", "director", "dealer", "system", "felt", "root", "support", "server"]);
const COMMON = new Set([
  "password",
  "password1",
  "12345678",
  "123456789",
  "1234567890",
  "qwertyuiop",
  "qwerty123",
  "iloveyou",
  "11111111",
  "00000000",
  "abcdefgh",
  "abc12345",
  "letmein1",
  "baseball",
  "football",
  "sunshine",
  "princess",
  "passw0rd",
  "welcome1",
  "trustno1",
  "superman",
  "pokerface",
  "holdem123",
  "allin123",
]);

/** The form names are compared in: "Ann" and "ann" are the same name. */
export const nameKey = (name: string) => name.toLowerCase();

/**
 * The form shown names are searched in: no accents, one space between words, lower case
 * ("Bodil  Ås" and "bodil as" are found by each other).
 */
export const displayKey = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

/** A LIKE pattern for "holds `key`"; `%`, `_` and `\\` in it are meant as themselves (ESCAPE '\\'). */
export const likePattern = (key: string) => `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Why a name or a password is refused: a stable `reason` the web app says in the player's
 * language (with `min`/`max` where a length is the reason), the English in the message.
 */
export type NameReason = "text" | "length" | "characters" | "reserved";
export type PasswordReason = "text" | "short" | "long" | "the-name" | "repeated" | "common";

export function checkName(name: unknown): Result<string> {
  const bad = (reason: NameReason, words: string, figures: { min?: number; max?: number } = {}) =>
    fail(ACCOUNT_ERRORS.badName, `name ${words}`, { reason, ...figures });
  if (typeof name !== "string") return bad("text", "must be text");
  if (name.length < NAME_MIN || name.length > NAME_MAX) return bad("length", `must be ${NAME_MIN} to ${NAME_MAX} characters`, { min: NAME_MIN, max: NAME_MAX });
  if (!NAME.test(name)) return bad("characters", 'may hold only letters a-z, digits, "_", "-", "." and must start with a letter');
  if (RESERVED.has(nameKey(name))) return bad("reserved", "is reserved");
  return ok(name);
}

export function checkPassword(password: unknown, name: string): Result<string> {
  const bad = (reason: PasswordReason, words: string, figures: { min?: number; max?: number } = {}) =>
    fail(ACCOUNT_ERRORS.badPassword, `password ${words}`, { reason, ...figures });
  if (typeof password !== "string") return bad("text", "must be text");
  const length = [...password].length;
  if (length < PASSWORD_MIN) return bad("short", `must be at least ${PASSWORD_MIN} characters`, { min: PASSWORD_MIN });
  if (length > PASSWORD_MAX) return bad("long", `must be at most ${PASSWORD_MAX} characters`, { max: PASSWORD_MAX });
  if (password.toLowerCase() === name.toLowerCase()) return bad("the-name", "must not be the name");
  if (new Set(password).size === 1) return bad("repeated", "must not be one repeated character");
  if (COMMON.has(password.toLowerCase())) return bad("common", "is too common");
  return ok(password);
}
