import { LeagueScreen } from "./league.tsx";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FeltError } from "../../../../src/lib/result.ts";
import { ErrorText } from "../../components/error-text.tsx";
import { useQuery, useServices } from "../../context.tsx";
import { newCommandId } from "../../api/client.ts";
import { go, href } from "../../router.ts";
import { CreateTournament } from "./create.tsx";
import { Seating } from "./seating.tsx";
import { Floor } from "./floor.tsx";
import { ColourUp } from "./colour-up.tsx";
import { BlindErrorWizard } from "./blind-error.tsx";
import { PayoutsAndDeal } from "./payouts.tsx";
import { Cashier } from "./cashier.tsx";
import { TableMapScreen } from "./table-map.tsx";
import { fromLocalInput, toLocalInput } from "../../logic/format.ts";
import { BracketPanel } from "../../components/bracket.tsx";

const TABS = ["create", "seating", "map", "floor", "colour-up", "blind-error", "payouts", "cashier", "league"] as const;
/** Tabs about no one tournament. */
const GENERAL = new Set(["create", "cashier", "league"]);

export function DirectorConsole({ tab, tournamentId }: { tab: string; tournamentId: string | null }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const lobby = useQuery("lobby", undefined);
  const [error, setError] = useState<FeltError | null>(null);
  const { reload } = lobby;
  // The head shows the tournament's state (running, break, paused) as it changes.
  useEffect(() => {
    const timer = setInterval(reload, 5000);
    return () => clearInterval(timer);
  }, [reload]);
  const all = lobby.data?.tournaments ?? [];
  const running = all.filter((x) => x.status !== "finished" && x.status !== "cancelled");
  const over = all.filter((x) => x.status === "finished" || x.status === "cancelled");
  const id = tournamentId ?? running[0]?.id ?? null;
  const current = lobby.data?.tournaments.find((x) => x.id === id) ?? null;

  async function control(route: "start" | "pause" | "resume") {
    if (!id) return;
    const r = await client.call(route, { commandId: newCommandId() }, { id });
    setError(r.ok ? null : r.error);
    lobby.reload();
  }

  // R-TRN-6: calling a tournament off before its start refunds everyone; asked twice.
  const [confirmCancel, setConfirmCancel] = useState(false);
  useEffect(() => setConfirmCancel(false), [id]);
  async function cancel() {
    if (!id) return;
    const r = await client.call("cancel", { commandId: newCommandId() }, { id });
    setError(r.ok ? null : r.error);
    setConfirmCancel(false);
    lobby.reload();
  }
  const cancellable = current !== null && (current.status === "registering" || current.status === "announced");
  // Before the start the floor may move the start time (an event that starts by itself then starts at the new time).
  const [newStart, setNewStart] = useState<number | null>(null);
  useEffect(() => setNewStart(null), [id]);
  async function reschedule(startsAt: number) {
    if (!id) return;
    const r = await client.call("reschedule", { commandId: newCommandId(), startsAt }, { id });
    setError(r.ok ? null : r.error);
    if (r.ok) setNewStart(null);
    lobby.reload();
  }
  // Entries closed now (no more late registrations, re-entries, rebuys, add-ons): the payouts become final.
  const [confirmClose, setConfirmClose] = useState(false);
  useEffect(() => setConfirmClose(false), [id]);
  async function closeEntries() {
    if (!id) return;
    const r = await client.call("closeEntries", { commandId: newCommandId() }, { id });
    setError(r.ok ? null : r.error);
    setConfirmClose(false);
    lobby.reload();
  }
  const inPlay = current !== null && (current.status === "running" || current.status === "break" || current.status === "paused");
  const entriesOpen = inPlay && current.lateRegistrationEndsAt !== null && current.lateRegistrationEndsAt > Date.now();

  return (
    <section className="director">
      <div className="row director-head">
        <h1>{t("director.title")}</h1>
        <select value={id ?? ""} onChange={(e) => go("director", tab, e.target.value)} aria-label={t("director.tournament")}>
          {running.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
          {over.length > 0 && (
            <optgroup label={t("director.over")}>
              {over.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
            </optgroup>
          )}
        </select>
        {current && (
          <>
            <span className={`status ${current.status}`}>{t(`status.${current.status}`)}</span>
            <button disabled={current.status !== "registering"} onClick={() => void control("start")}>
              {t("director.start")}
            </button>
            <button disabled={current.status !== "running" && current.status !== "break"} onClick={() => void control("pause")}>
              {t("director.pause")}
            </button>
            <button disabled={current.status !== "paused"} onClick={() => void control("resume")}>
              {t("director.resume")}
            </button>
            <a className="button" href={href("clock", current.id)} target="_blank" rel="noreferrer">
              {t("director.openClock")}
            </a>
            {entriesOpen && !confirmClose && (
              <button data-action="close-entries" onClick={() => setConfirmClose(true)}>
                {t("live.closeEntries")}
              </button>
            )}
            {cancellable && (
              <span className="move-start">
                <input
                  type="datetime-local"
                  aria-label={t("create.startsAt")}
                  value={toLocalInput(newStart ?? current.startsAt)}
                  onChange={(e) => {
                    const ms = fromLocalInput(e.target.value);
                    if (ms !== null) setNewStart(ms);
                  }}
                />
                <button
                  data-action="move-start"
                  disabled={newStart === null || newStart === current.startsAt}
                  onClick={() => newStart !== null && void reschedule(newStart)}
                >
                  {t("director.moveStart")}
                </button>
              </span>
            )}
            {cancellable && !confirmCancel && (
              <button className="danger" data-action="cancel" onClick={() => setConfirmCancel(true)}>
                {t("director.cancel")}
              </button>
            )}
          </>
        )}
      </div>
      {cancellable && confirmCancel && current && (
        <div className="row confirm-cancel" role="alertdialog" aria-label={t("director.cancel")}>
          <span>{t("director.cancelConfirm", { name: current.name })}</span>
          <button className="danger" data-action="confirm-cancel" onClick={() => void cancel()}>
            {t("director.cancelYes")}
          </button>
          <button onClick={() => setConfirmCancel(false)}>{t("director.cancelNo")}</button>
        </div>
      )}
      {entriesOpen && confirmClose && current && (
        <div className="row confirm-cancel" role="alertdialog" aria-label={t("live.closeEntries")}>
          <span>{t("live.closeEntriesConfirm", { name: current.name })}</span>
          <button className="danger" data-action="confirm-close-entries" onClick={() => void closeEntries()}>
            {t("live.closeEntriesYes")}
          </button>
          <button onClick={() => setConfirmClose(false)}>{t("live.no")}</button>
        </div>
      )}
      <ErrorText error={error} />
      <nav className="tabs">
        {TABS.map((x) => (
          <a key={x} className={x === tab ? "on" : ""} data-tab={x} href={href("director", x, ...(id ? [id] : []))}>
            {x === "map" ? t("live.map.tab") : t(`director.tab.${x}`)}
          </a>
        ))}
      </nav>
      <div className="tab-body">
        {tab === "create" && <CreateTournament onCreated={() => lobby.reload()} />}
        {tab === "cashier" && <Cashier />}
        {tab === "league" && <LeagueScreen />}
        {!GENERAL.has(tab) && !id && <p>{t("director.noTournament")}</p>}
        {tab === "seating" && id && current && (
          <Seating
            key={`seating:${id}`}
            refresh={`${current.status}:${current.entries}:${current.playersLeft}`}
            tournamentId={id}
            name={current.name}
            startsAt={current.startsAt}
          />
        )}
        {tab === "map" && id && current && <TableMapScreen key={`map:${id}`} tournamentId={id} live={current.kind === "live"} />}
        {/* Keyed by the event, as the seating: another event picked in the list starts with nothing
            loaded, not with the last event's players (a walk-in's same-name check read those). */}
        {tab === "floor" && current && <Floor key={`floor:${current.id}`} tournament={current} />}
        {/* R-TRN-10/11: a bracket's rounds or a shootout's tables beside the seating and the floor (other formats show none).
            Siblings here are matched by key, so each keeps a key of its own: with the seating's and
            the bracket's both the tournament's id, going from the floor to the seating and back left
            the old seating on the page (the seat cards printed twice, the floor showed a stale draw). */}
        {(tab === "seating" || tab === "floor") && id && current && (inPlay || current.status === "finished") && (
          <BracketPanel key={`bracket:${id}`} tournamentId={id} refreshMs={5000} />
        )}
        {tab === "colour-up" && current && <ColourUp key={`colour-up:${current.id}`} tournament={current} />}
        {tab === "blind-error" && id && <BlindErrorWizard tournamentId={id} />}
        {/* Only once the lobby has said whether the event is live: read as online before then, a live deal went without the counted chips and their check. */}
        {tab === "payouts" && id && lobby.data && (
          <PayoutsAndDeal key={`payouts:${id}`} tournamentId={id} live={current?.kind === "live"} startsAt={current?.startsAt ?? null} />
        )}
      </div>
    </section>
  );
}
