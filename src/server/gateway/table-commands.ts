// A player's command at a table (act, sit out/in, contribute, chat, the director's mute), as
// one function from the sender and the message to a Result: the WebSocket gateway calls it
// for a table this process owns, and the owner calls the same function for a command
// another process forwarded, so a client gets the same answer wherever it is.
import { fail, ok, type Result } from "../../lib/result.ts";
import { traceStage } from "../../runtime/index.ts";
import type { ServerPort, TableFinder } from "../server-port.ts";
import type { Ack } from "../tables/table-session.ts";
import type { Sender, TableMessage } from "./owner-requests.ts";
import { AUTH_ERRORS, TABLE_ERRORS } from "../../protocol/error-catalogue.ts";

export type { Sender, TableMessage } from "./owner-requests.ts";

/** The tournament a table id belongs to (`<tournamentId>-t<n>`), or null. */
export function tournamentOfTable(tableId: string): string | null {
  return /^(.+)-t(\d+)$/.exec(tableId)?.[1] ?? null;
}

/** The command id an error frame for this message carries (chat has none). */
export const errorCommandId = (m: TableMessage): string | null => (m.type === "chat" || m.type === "chat-mute" ? null : m.commandId);

/** Runs the command on this process's table: an ack for commands with an id, null for chat. */
export async function runTableCommand(tables: TableFinder, user: Sender, m: TableMessage): Promise<Result<Ack | null>> {
  if (m.type === "chat-mute" && user.role !== "director") return fail(AUTH_ERRORS.forbidden, "only a director mutes players");
  const session = tables.table(m.tableId);
  if (session === undefined) return fail(TABLE_ERRORS.notFound, `no table ${m.tableId}`);
  switch (m.type) {
    case "act":
      return session.act(user.id, m);
    case "chat": {
      const r = await session.say({ id: user.id, name: user.name, director: user.role === "director" }, m.text);
      return r.ok ? ok(null) : r;
    }
    case "chat-mute": {
      const r = await session.muteChat(m.playerId, m.muted);
      return r.ok ? ok(null) : r;
    }
    case "sit-out":
    case "sit-in":
      return session.setSittingOut(user.id, m.commandId, m.type === "sit-out");
    case "contribute":
      return session.contribute(user.id, m.value);
  }
}

/** The command run where its table lives: here, or forwarded to the owner (cluster mode). */
export function tableCommand(server: Pick<ServerPort, "tables" | "cluster">, user: Sender, m: TableMessage): Promise<Result<Ack | null>> {
  if (m.type === "act") traceStage(m.commandId, "received");
  const cluster = server.cluster;
  if (cluster !== null) {
    if (tournamentOfTable(m.tableId) !== null && !cluster.servesTable(m.tableId)) {
      return cluster.forwardTable(m.tableId, { kind: "table", sender: { id: user.id, name: user.name, role: user.role }, message: m }) as Promise<
        Result<Ack | null>
      >;
    }
  }
  return runTableCommand(server.tables, user, m);
}
