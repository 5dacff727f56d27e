// Ledger account ids ("<kind>:<name>", as the server's ledger names them) in words. Player
// accounts carry the user id; the ledger check names the player (`name`), so it reads
// "Bodil" rather than an id.

export const ACCOUNT_KINDS = ["player", "pool", "house", "escrow", "external", "organiser", "tickets"] as const;

/** `t` is i18next's: `cashier.accountKind.KIND` with {{name}}; `playerName` is the ledger's name for a player account. */
export function accountLabel(
  account: string,
  t: (key: string, vars: Record<string, string>) => string,
  tournamentNames: ReadonlyMap<string, string> = new Map(),
  playerName?: string,
): string {
  const i = account.indexOf(":");
  const kind = account.slice(0, i);
  const rest = account.slice(i + 1);
  if (i < 0 || !(ACCOUNT_KINDS as readonly string[]).includes(kind)) return account;
  const name = kind === "player" ? (playerName ?? rest) : (tournamentNames.get(rest) ?? rest);
  return t(`cashier.accountKind.${kind}`, { name });
}
