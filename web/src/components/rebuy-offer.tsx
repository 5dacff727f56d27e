import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { EntryCommandResponse, LobbyTournament } from "../../../src/protocol/index.ts";
import type { FeltError } from "../../../src/lib/result.ts";
import { newCommandId } from "../api/client.ts";
import { useQuery, useServices } from "../context.tsx";
import { denyReasonKey } from "../logic/lobby-lines.ts";
import { ErrorText } from "./error-text.tsx";
import { useFormat } from "./use-format.ts";

/** The busted entry may still rebuy (R-TRN-4): the instant its seat is kept until, or null. */
export function rebuyDeadline(tr: LobbyTournament, now: number): number | null {
  const until = tr.mine?.rebuyUntil ?? null;
  return until !== null && until > now ? until : null;
}

/**
 * R-TRN-4 online: a player who busted while rebuys are open keeps the seat until
 * `mine.rebuyUntil`; this offers the rebuy (its cost, or why not) and a decline, with the
 * time left counting down. Each click is one command with its own key.
 */
export function RebuyOffer({
  tournament: tr,
  now,
  onDone,
}: {
  tournament: LobbyTournament;
  now: number;
  onDone: (r: EntryCommandResponse, route: "rebuy" | "declineRebuy") => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { client } = useServices();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FeltError | null>(null);
  const until = rebuyDeadline(tr, now);
  if (until === null) return null;
  const p = tr.actions.rebuy;

  async function run(route: "rebuy" | "declineRebuy") {
    setBusy(true);
    const r = await client.call(route, { commandId: newCommandId() }, { id: tr.id });
    setBusy(false);
    setError(r.ok ? null : r.error);
    if (r.ok) onDone(r.value, route);
  }

  return (
    <div className="rebuy-offer" role="alert" data-testid="rebuy-offer" data-tournament={tr.id}>
      <b>{t("rebuyOffer.title")}</b>
      <span>
        {p.allowed ? t("rebuyOffer.offer", { amount: fmt.money(p.cost) }) : t(denyReasonKey("rebuy", p.reason))}{" "}
        <span className="countdown" data-testid="rebuy-left">
          {t("rebuyOffer.left", { left: fmt.duration(until - now) })}
        </span>
      </span>
      <span className="row">
        <button className="primary" data-action="rebuy" disabled={busy || !p.allowed} onClick={() => void run("rebuy")}>
          {t("rebuyOffer.rebuy")}
        </button>
        <button data-action="declineRebuy" disabled={busy} onClick={() => void run("declineRebuy")}>
          {t("rebuyOffer.decline")}
        </button>
      </span>
      <ErrorText error={error} />
    </div>
  );
}

/**
 * At the table: while the player's own stack is 0 (busted, the seat kept), the lobby line
 * of the tournament this table belongs to says whether and until when a rebuy is offered.
 */
export function TableRebuyOffer({ tableId, broke, now }: { tableId: string; broke: boolean; now: number }) {
  const lobby = useQuery(broke ? "lobby" : null, undefined, {}, `${tableId}:${broke}`);
  const { reload } = lobby;
  useEffect(() => {
    if (!broke) return;
    const id = setInterval(reload, 5000);
    return () => clearInterval(id);
  }, [reload, broke]);
  if (!broke) return null;
  const tr = lobby.data?.tournaments.find((x) => x.mine?.tableId === tableId);
  return tr ? <RebuyOffer tournament={tr} now={now} onDone={() => reload()} /> : null;
}
