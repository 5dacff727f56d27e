import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LobbyTournament, PlayerRecord } from "../../../../src/protocol/index.ts";
import type { FeltError } from "../../../../src/lib/result.ts";
import { ErrorText } from "../../components/error-text.tsx";
import { SeatCardOffer, useSeatOffer } from "../../components/seat-card-offer.tsx";
import { useFormat } from "../../components/use-format.ts";
import { PlayerNo } from "../../components/player-number.tsx";
import { useNamedTable, useTableName } from "../../components/use-room.ts";
import { useQuery, useServices } from "../../context.tsx";
import { newCommandId } from "../../api/client.ts";
import { afterBustKey } from "../../logic/button-rule.ts";
import { undoable } from "../../logic/desk.ts";
import type { Where } from "../../logic/seat-offer.ts";

const POLL_MS = 4000;

/** Balancing and breaking instructions (R-TBL-2/3), walk-ins, and the floor's live entries. */
export function Floor({ tournament }: { tournament: LobbyTournament }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const tableName = useTableName();
  const namedTable = useNamedTable();
  const { client } = useServices();
  const tournamentId = tournament.id;
  const instructions = useQuery("instructions", undefined, { id: tournamentId }, tournamentId);
  const seating = useQuery("seating", undefined, { id: tournamentId }, tournamentId);
  const results = useQuery("results", undefined, { id: tournamentId }, tournamentId);
  const view = useQuery("tournament", undefined, { id: tournamentId }, tournamentId);
  // R-BTN-2/3: the table of the last bust, told where its button and blinds go next hand.
  const [bustAt, setBustAt] = useState<number | null>(null);
  const [error, setError] = useState<FeltError | null>(null);
  const [filter, setFilter] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const { reload: reloadInstructions } = instructions;
  const { reload: reloadSeating } = seating;
  const { reload: reloadResults } = results;

  const reload = () => {
    reloadInstructions();
    reloadSeating();
    reloadResults();
  };
  // Busts at other tables (and, online, the server's own moves) change the instructions.
  useEffect(() => {
    const id = setInterval(() => {
      reloadInstructions();
      reloadSeating();
    }, POLL_MS);
    return () => clearInterval(id);
  }, [reloadInstructions, reloadSeating]);

  /** The seat card of the player last given a new seat here (a move made, a re-entry), offered for printing while they sit there. */
  const [card, setCard] = useSeatOffer(seating.data?.seats);

  async function confirm(i: { id: string; name: string; playerNumber?: number | undefined; to: { tableNumber: number; seat: number } }) {
    setBusy(i.id);
    const r = await client.call("confirmInstruction", { commandId: newCommandId() }, { id: tournamentId, iid: i.id });
    setBusy(null);
    setError(r.ok ? null : r.error);
    if (r.ok && live) setCard({ name: i.name, number: i.playerNumber, tableNumber: i.to.tableNumber, seat: i.to.seat });
    reload();
  }

  /** A bust is asked twice: a wrong click would end someone's tournament. */
  const [confirmBust, setConfirmBust] = useState<string | null>(null);
  const [confirmReEnter, setConfirmReEnter] = useState<string | null>(null);
  async function record(entryId: string, kind: "bust" | "rebuy" | "add-on" | "re-enter") {
    setConfirmBust(null);
    setConfirmReEnter(null);
    setBusy(`${entryId}:${kind}`);
    const table = seating.data?.seats.find((x) => x.entryId === entryId)?.tableNumber ?? null;
    const seatedBefore = new Set((seating.data?.seats ?? []).map((x) => x.entryId));
    const r = await client.call("liveRecord", { commandId: newCommandId(), kind, entryId }, { id: tournamentId });
    setBusy(null);
    setError(r.ok ? null : r.error);
    if (r.ok && kind === "bust") setBustAt(table);
    if (r.ok && kind === "re-enter") {
      // The re-entry is a new entry at a seat of the draw: the one seated now that was not before, of this player.
      const was = results.data?.results.find((x) => x.entryId === entryId);
      const now = await client.call("seating", undefined, { id: tournamentId });
      const seat = now.ok ? now.value.seats.find((x) => !seatedBefore.has(x.entryId) && x.name === was?.name) : undefined;
      if (seat !== undefined) setCard({ name: seat.name, number: seat.playerNumber, tableNumber: seat.tableNumber, seat: seat.seat });
    }
    reload();
  }

  /** Stacks the floor counted at the tables (a live chip count), by entry, until recorded. */
  const [counted, setCounted] = useState<Record<string, number>>({});
  // Only the stacks of players still seated: a figure typed for a player since busted (the
  // hand's starting stack of a bust together) is not a count, and must not be counted as one.
  const seatedNow = new Set((seating.data?.seats ?? []).map((x) => x.entryId));
  const typed = Object.entries(counted).filter(([entryId]) => seatedNow.has(entryId));
  async function recordCount() {
    const stacks = typed.map(([entryId, stack]) => ({ entryId, stack }));
    if (stacks.length === 0) return;
    setBusy("count");
    const r = await client.call("liveRecord", { commandId: newCommandId(), kind: "chip-count", stacks }, { id: tournamentId });
    setBusy(null);
    setError(r.ok ? null : r.error);
    if (r.ok) setCounted({});
    reload();
  }

  /** R-PLACE-2: players out in the same hand, busted together; more chips at the hand's start place better. */
  const [together, setTogether] = useState<string[]>([]);
  const [confirmTogether, setConfirmTogether] = useState(false);
  async function bustTogether() {
    setConfirmTogether(false);
    const stackOf = (id: string) => counted[id] ?? seating.data?.seats.find((x) => x.entryId === id)?.stack ?? 0;
    setBusy("together");
    const table = seating.data?.seats.find((x) => x.entryId === together[0])?.tableNumber ?? null;
    const r = await client.call(
      "liveRecord",
      { commandId: newCommandId(), kind: "bust", entryIds: together, startStacks: together.map(stackOf) },
      { id: tournamentId },
    );
    setBusy(null);
    setError(r.ok ? null : r.error);
    if (r.ok) {
      setBustAt(table);
      setCounted(Object.fromEntries(Object.entries(counted).filter(([id]) => !together.includes(id))));
      setTogether([]);
    }
    reload();
  }

  const list = instructions.data?.instructions ?? [];
  const seats = seating.data?.seats ?? [];
  const live = tournament.kind === "live";
  // A re-entry is its own entry: named with its number, as in the results.
  const numbers = new Map((results.data?.stillIn ?? []).map((x) => [x.entryId, x.entryNumber]));
  const entryLabel = (entryId: string, name: string) =>
    (numbers.get(entryId) ?? 1) > 1 ? t("live.reEntryName", { name, number: numbers.get(entryId) }) : name;
  const offered = (p: LobbyTournament["actions"]["rebuy"]) => p.allowed || !/not-offered$/.test(p.reason);
  return (
    <div className="cols floor">
      <div>
        <div className="panel">
          <h2>{t("floor.instructions")}</h2>
          <ErrorText error={error} />
          {list.length === 0 && <p className="balanced">{t("floor.balanced")}</p>}
          {card && (
            <SeatCardOffer
              key={`${card.name}:${card.tableNumber}:${card.seat}`}
              card={card}
              tournament={tournament.name}
              startsAt={tournament.startsAt}
              onDone={() => setCard(null)}
            />
          )}
          {/* Only once the event's rule is known: a guessed rule would tell the table the wrong blinds. */}
          {live && bustAt !== null && view.data?.settings !== undefined && (
            <p className="hint" data-testid="after-bust">
              {t(afterBustKey(view.data.settings.buttonRule), { table: tableName(bustAt) })}
            </p>
          )}
          <ul className="instructions">
            {list.map((i) => (
              <li key={i.id} data-instruction={i.id} data-kind={i.kind}>
                <span className="tag">{t(`floor.kind.${i.kind}`)}</span>{" "}
                <span className="what">
                  {t("floor.move", {
                    // Two players of one name: the move names which one by number.
                    name: i.playerNumber === undefined ? i.name : `${i.name} ${t("live.number", { number: i.playerNumber })}`,
                    fromTable: tableName(i.from.tableNumber),
                    fromSeat: i.from.seat,
                    toTable: tableName(i.to.tableNumber),
                    toSeat: i.to.seat,
                  })}
                </span>
                <button className="primary" disabled={busy === i.id} onClick={() => void confirm(i)}>
                  {t("floor.done")}
                </button>
              </li>
            ))}
          </ul>
        </div>
        {tournament.kind === "live" && (
          <WalkIn
            tournament={tournament}
            onSeated={reload}
            seats={seating.data?.seats}
            // Unknown until both lists have loaded: a walk-in entered before then would skip the same-name question.
            known={
              !seating.data || !results.data
                ? undefined
                : [
                    ...seats.map((x) => ({ name: x.name, tableNumber: x.tableNumber, seat: x.seat, playerNumber: x.playerNumber })),
                    ...results.data.stillIn.map((x) => ({ name: x.name, tableNumber: null, seat: null, playerNumber: x.playerNumber })),
                    ...results.data.results.map((x) => ({ name: x.name, tableNumber: null, seat: null, playerNumber: x.playerNumber })),
                  ]
            }
          />
        )}
        {live && <FloorLog tournamentId={tournamentId} onChange={reload} />}
        {live && (results.data?.results.length ?? 0) > 0 && (
          <div className="panel busted">
            <h2>{t("floor.out")}</h2>
            {/* A list, not a table: the floor's table rows are the players still seated. */}
            <ul className="out-list">
              {[...(results.data?.results ?? [])]
                .sort((a, b) => a.place - b.place)
                .map((x) => (
                  <li key={x.entryId} data-entry={x.entryId}>
                    <span className="place">{fmt.place(x.place)}</span>{" "}
                    <span className="who">
                      {x.entryNumber > 1 ? t("live.reEntryName", { name: x.name, number: x.entryNumber }) : x.name}
                      <PlayerNo number={x.playerNumber} />
                    </span>
                    {/* Only while this player may still buy in again (a re-entry left, entries open); asked twice, like a bust. */}
                    {x.canReEnter &&
                      (confirmReEnter === x.entryId ? (
                        <span className="confirm-bust" role="alertdialog" aria-label={t("live.reEnterConfirm", { name: x.name })}>
                          <span>{t("live.reEnterConfirm", { name: x.name })}</span>
                          <button
                            className="primary"
                            data-action="confirm-re-enter"
                            disabled={busy !== null}
                            onClick={() => void record(x.entryId, "re-enter")}
                          >
                            {t("live.reEnterYes")}
                          </button>
                          <button onClick={() => setConfirmReEnter(null)}>{t("live.no")}</button>
                        </span>
                      ) : (
                        <button disabled={busy !== null} data-action="re-enter" onClick={() => setConfirmReEnter(x.entryId)}>
                          {t("floor.reEnter")}
                        </button>
                      ))}
                  </li>
                ))}
            </ul>
          </div>
        )}
      </div>
      <div className="panel">
        <h2>{t("floor.liveEntries")}</h2>
        <div className="row">
          <input placeholder={t("floor.search")} aria-label={t("floor.search")} value={filter} onChange={(e) => setFilter(e.target.value)} />
          <span className="hint">{t("floor.playersLeft", { count: seats.length })}</span>
        </div>
        <table className="grid live-entries">
          <thead>
            <tr>
              <th>{t("floor.where")}</th>
              <th>{t("auth.name")}</th>
              <th>{t("live.playerNumber")}</th>
              <th className="num">{t("colourUp.stack")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {seats
              .filter((s) => s.name.toLowerCase().includes(filter.toLowerCase()))
              .map((s) => (
                <tr key={s.entryId} data-entry={s.entryId}>
                  <td>
                    {live && (
                      <input
                        type="checkbox"
                        aria-label={t("floor.sameHand", { name: s.name })}
                        checked={together.includes(s.entryId)}
                        onChange={(e) => setTogether(e.target.checked ? [...together, s.entryId] : together.filter((x) => x !== s.entryId))}
                      />
                    )}{" "}
                    {t("floor.tableSeat", { table: namedTable(s.tableNumber) ?? s.tableNumber, seat: s.seat })}
                  </td>
                  <td>{entryLabel(s.entryId, s.name)}</td>
                  <td className="player-no">{s.playerNumber !== undefined && t("live.number", { number: s.playerNumber })}</td>
                  <td className="num">
                    {live ? (
                      <input
                        type="number"
                        min={0}
                        step={1}
                        aria-label={t("floor.countFor", { name: s.name })}
                        className={counted[s.entryId] !== undefined ? "changed" : ""}
                        value={counted[s.entryId] ?? s.stack}
                        onChange={(e) => setCounted({ ...counted, [s.entryId]: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
                      />
                    ) : (
                      fmt.chips(s.stack)
                    )}
                  </td>
                  <td className="actions">
                    {confirmBust === s.entryId ? (
                      <span className="confirm-bust" role="alertdialog" aria-label={t("live.bustConfirm", { name: s.name })}>
                        <span>{t("live.bustConfirm", { name: s.name })}</span>
                        <button className="danger" data-action="confirm-bust" disabled={busy !== null} onClick={() => void record(s.entryId, "bust")}>
                          {t("live.bustYes")}
                        </button>
                        <button onClick={() => setConfirmBust(null)}>{t("live.no")}</button>
                      </span>
                    ) : (
                      <button disabled={busy !== null} onClick={() => setConfirmBust(s.entryId)}>
                        {t("floor.bust")}
                      </button>
                    )}
                    {offered(tournament.actions.rebuy) && (
                      <button disabled={busy !== null} onClick={() => void record(s.entryId, "rebuy")}>
                        {t("floor.rebuy")}
                      </button>
                    )}
                    {offered(tournament.actions.addOn) && (
                      <button disabled={busy !== null} onClick={() => void record(s.entryId, "add-on")}>
                        {t("floor.addOn")}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
        {live && together.length >= 2 && (
          <div className="row together">
            <span className="hint">{t("floor.togetherHint")}</span>
            {/* Asked twice, like a single bust: several tournaments end at once. */}
            {confirmTogether ? (
              <span className="confirm-bust" role="alertdialog">
                <span>{t("live.bustTogetherConfirm", { names: together.map((id) => seats.find((x) => x.entryId === id)?.name ?? id).join(", ") })}</span>
                <button className="primary" data-action="confirm-together" disabled={busy !== null} onClick={() => void bustTogether()}>
                  {t("live.bustTogetherYes")}
                </button>
                <button onClick={() => setConfirmTogether(false)}>{t("live.no")}</button>
              </span>
            ) : (
              <button className="primary" disabled={busy !== null} onClick={() => setConfirmTogether(true)}>
                {t("floor.bustTogether", { count: together.length })}
              </button>
            )}
          </div>
        )}
        {live && (
          <div className="row count">
            <span className="hint">{t("floor.countHint")}</span>
            <button className="primary" disabled={typed.length === 0 || busy !== null} onClick={() => void recordCount()}>
              {t("floor.recordCount", { count: typed.length })}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

/** A player who pays at the desk: entered by name, seated by the draw, handed a seat card. */
/** How a name is compared for a duplicate walk-in: case, accents and spacing aside. */
export const sameName = (a: string, b: string) => {
  const norm = (x: string) =>
    x
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/\s+/g, " ")
      .trim()
      .toLocaleLowerCase();
  return norm(a) === norm(b);
};

type Known = { name: string; tableNumber: number | null; seat: number | null; playerNumber?: number | undefined };

function WalkIn({
  tournament,
  onSeated,
  seats,
  known,
}: {
  tournament: LobbyTournament;
  onSeated: () => void;
  /** The seating answer: the walk-in's card is offered while they sit where it says. */
  seats: readonly Where[] | undefined;
  /** Everyone already in the event; undefined while it loads (Enter waits for it). */
  known: readonly Known[] | undefined;
}) {
  const { t } = useTranslation();
  const tableName = useTableName();
  const fmt = useFormat();
  const { client } = useServices();
  const [name, setName] = useState("");
  const [commandId, setCommandId] = useState(newCommandId);
  const [error, setError] = useState<FeltError | null>(null);
  const [busy, setBusy] = useState(false);
  /** Entered before the start: waits for the draw. */
  const [registered, setRegistered] = useState<string | null>(null);
  /** Seated at once (after the start): where, and the seat card, while they sit there. */
  const [seated, setSeated] = useSeatOffer(seats);
  /** Player records of this name (or number) from earlier events: the same person is entered again under their number. */
  const [existing, setExisting] = useState<readonly PlayerRecord[] | null>(null);

  // One key per intended walk-in: a retry after a lost answer enters the player once; another name is another walk-in.
  const rename = (v: string) => {
    setName(v);
    setCommandId(newCommandId());
    setDuplicate(null);
    setExisting(null);
  };
  /** The same name again is warned about and entered only when confirmed (two players may share a name). */
  const [duplicate, setDuplicate] = useState<Known | null>(null);

  /** `as`: the player record the floor chose (the same person again) or "new" (another player of the name). */
  async function submit(e: React.FormEvent, confirmed = false, as?: PlayerRecord | "new") {
    e.preventDefault();
    if (known === undefined) return;
    const typed = name.trim();
    const same = known.find((k) => sameName(k.name, typed));
    if (same !== undefined && !confirmed) {
      setDuplicate(same);
      return;
    }
    setDuplicate(null);
    setBusy(true);
    if (as === undefined) {
      // Before a second record of a name: is this someone the room has seen? Players already in this event are not offered.
      const found = await client.call("searchPlayers", undefined, {}, { q: typed });
      const inEvent = new Set(known.map((k) => k.playerNumber));
      const byNumber = /^#?\d+$/.test(typed);
      const offered = found.ok ? found.value.players.filter((p) => (byNumber || sameName(p.name, typed)) && !inEvent.has(p.number)) : [];
      if (offered.length > 0) {
        setExisting(offered);
        setBusy(false);
        return;
      }
    }
    setExisting(null);
    const who = as !== undefined && as !== "new" ? as.name : typed;
    const r = await client.call(
      "walkIn",
      { commandId, name: who, ...(as !== undefined && as !== "new" ? { playerId: as.playerId } : {}) },
      { id: tournament.id },
    );
    setError(r.ok ? null : r.error);
    if (r.ok) {
      setCommandId(newCommandId());
      setName("");
      // The answer says where the draw placed the player (null before the start).
      const seat = r.value.seat;
      setRegistered(seat ? null : who);
      setSeated(seat ? { name: who, number: r.value.playerNumber, tableNumber: seat.tableNumber, seat: seat.seat } : null);
      onSeated();
    }
    setBusy(false);
  }

  return (
    <form className="panel walk-in" onSubmit={(e) => void submit(e)}>
      <h2>{t("floor.walkIn")}</h2>
      <p className="hint">{t("floor.walkInHint", { amount: fmt.money(tournament.buyIn + tournament.fee) })}</p>
      <div className="row">
        <label>
          {t("floor.walkInName")}
          <input value={name} required minLength={2} maxLength={24} autoComplete="off" onChange={(e) => rename(e.target.value)} />
        </label>
        <button className="primary" type="submit" disabled={busy || known === undefined || name.trim().length < 2}>
          {t("floor.enter")}
        </button>
      </div>
      {duplicate && (
        <div className="row duplicate" role="alertdialog" aria-label={t("floor.walkIn")}>
          <span className="warn">
            {duplicate.tableNumber !== null
              ? t("live.duplicateSeated", { name: duplicate.name, table: tableName(duplicate.tableNumber), seat: duplicate.seat })
              : t("live.duplicate", { name: duplicate.name })}
          </span>
          <button type="button" className="primary" data-action="confirm-duplicate" onClick={(e) => void submit(e, true)}>
            {t("live.duplicateYes")}
          </button>
          <button type="button" onClick={() => setDuplicate(null)}>
            {t("live.no")}
          </button>
        </div>
      )}
      {existing && (
        <div className="existing-players" role="alertdialog" aria-label={t("floor.walkIn")}>
          {existing.map((p) => (
            <div className="row" key={p.playerId} data-player-number={p.number}>
              <span className="warn">{t("live.knownPlayer", { name: p.name, number: p.number })}</span>
              <button type="button" className="primary" data-action="same-person" onClick={(e) => void submit(e, true, p)}>
                {t("live.samePerson")}
              </button>
            </div>
          ))}
          <button type="button" data-action="new-person" onClick={(e) => void submit(e, true, "new")}>
            {t("live.newPerson")}
          </button>
        </div>
      )}
      <ErrorText error={error} />
      {registered !== null && <p className="ok">{t("floor.registeredForDraw", { name: registered })}</p>}
      {seated && (
        <div className="walk-in-card">
          <p className="ok">{t("floor.seated", { name: seated.name, table: tableName(seated.tableNumber), seat: seated.seat })}</p>
          <SeatCardOffer card={seated} tournament={tournament.name} startsAt={tournament.startsAt} />
        </div>
      )}
    </form>
  );
}

/**
 * The floor's records, newest first. A bust, a count, a rebuy or an add-on can be
 * undone with a reason: the server records a compensating event and both stay in the log.
 */
export function FloorLog({ tournamentId, onChange }: { tournamentId: string; onChange: () => void }) {
  const { t } = useTranslation();
  const tableName = useTableName();
  const fmt = useFormat();
  const { client } = useServices();
  const log = useQuery("floorLog", undefined, { id: tournamentId }, tournamentId);
  const { reload } = log;
  useEffect(() => {
    const id = setInterval(reload, POLL_MS);
    return () => clearInterval(id);
  }, [reload]);
  const [undoing, setUndoing] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<FeltError | null>(null);
  const [busy, setBusy] = useState(false);
  async function undo(id: string) {
    setBusy(true);
    const r = await client.call("liveRecord", { commandId: newCommandId(), kind: "undo", undoes: id, reason: reason.trim() }, { id: tournamentId });
    setBusy(false);
    setError(r.ok ? null : r.error);
    if (r.ok) {
      setUndoing(null);
      setReason("");
    }
    reload();
    onChange();
  }
  const rows = [...(log.data?.rows ?? [])].reverse().slice(0, 50);
  return (
    <div className="panel floor-log">
      <h2>{t("live.log.title")}</h2>
      <ErrorText error={error ?? log.error} />
      {rows.length === 0 && <p className="hint">{t("live.log.empty")}</p>}
      <ul className="log-list">
        {rows.map((r) => (
          <li key={r.id} data-log={r.id} data-kind={r.kind} className={r.undone ? "undone" : ""}>
            <span className="when">{fmt.time(r.at)}</span> <span className="tag">{t(`live.log.kind.${r.kind}`)}</span>{" "}
            <span className="who">
              {r.entries.map((e, i) => (
                <span key={e.entryId}>
                  {i > 0 && ", "}
                  {e.name}
                  <PlayerNo number={e.playerNumber} />
                  {e.stack !== null && r.kind !== "bust" && ` ${fmt.chips(e.stack)}`}
                </span>
              ))}
            </span>
            {r.blindError && (
              <span className="hint">
                {" "}
                {tableName(r.blindError.tableNumber)}: {t(`blindError.outcome.${r.blindError.outcome}`)}
              </span>
            )}
            {r.undoes && <span className="hint"> {t("live.log.correction")}</span>}
            {r.undone && <span className="hint"> {t("live.log.undone", { time: fmt.time(r.undone.at), reason: r.undone.reason })}</span>}
            {!r.undone && undoable(r.kind) && undoing !== r.id && (
              <button type="button" onClick={() => (setUndoing(r.id), setReason(""), setError(null))}>
                {t("live.log.undo")}
              </button>
            )}
            {undoing === r.id && (
              <span className="undo-form">
                <input
                  aria-label={t("live.log.reason")}
                  placeholder={t("live.log.reason")}
                  value={reason}
                  maxLength={200}
                  onChange={(e) => setReason(e.target.value)}
                />
                <button type="button" className="danger" data-action="confirm-undo" disabled={busy || reason.trim() === ""} onClick={() => void undo(r.id)}>
                  {t("live.log.confirmUndo")}
                </button>
                <button type="button" onClick={() => setUndoing(null)}>
                  {t("live.no")}
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
