// Ledger account ids ("<kind>:<name>", as the server's ledger names them) in words. Player
// accounts carry the user id; names the director credited from this browser are
// remembered so the ledger reads "Bodil" rather than an id.

const NAMES_KEY = "felt.accountNames";

function names(): Record<string, string> {
  try {
    return JSON.parse(globalThis.localStorage?.getItem(NAMES_KEY) ?? "{}") as Record<string, string>;
  } catch {
    return {};
  }
}

export function rememberAccount(playerId: string, name: string): void {
  const all = { ...names(), [playerId]: name };
  globalThis.localStorage?.setItem(NAMES_KEY, JSON.stringify(all));
}

export const ACCOUNT_KINDS = ["player", "pool", "house", "escrow", "external", "organiser", "tickets"] as const;

/** `t` is i18next's: `cashier.accountKind.KIND` with {{name}}. */
export function accountLabel(
  account: string,
  t: (key: string, vars: Record<string, string>) => string,
  tournamentNames: ReadonlyMap<string, string> = new Map(),
): string {
  const i = account.indexOf(":");
  const kind = account.slice(0, i);
  const rest = account.slice(i + 1);
  if (i < 0 || !(ACCOUNT_KINDS as readonly string[]).includes(kind)) return account;
  const name = kind === "player" ? (names()[rest] ?? rest) : (tournamentNames.get(rest) ?? rest);
  return t(`cashier.accountKind.${kind}`, { name });
}
