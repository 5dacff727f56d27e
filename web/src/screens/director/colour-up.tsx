import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ColourUpPlan, ColourUpResult, LobbyTournament } from "../../../../src/protocol/index.ts";
import type { FeltError } from "../../../../src/lib/result.ts";
import { Cards } from "../../components/card.tsx";
import { ErrorText } from "../../components/error-text.tsx";
import { useFormat } from "../../components/use-format.ts";
import { useNamedTable } from "../../components/use-room.ts";
import { useQuery, useServices } from "../../context.tsx";
import { newCommandId } from "../../api/client.ts";
import { parseCardText } from "../../logic/cards.ts";
import { colourUpWords } from "../../logic/colour-up.ts";

/** R-CHIP-1..4: which chips go, the race order, entered or drawn cards, the result per player. */
export function ColourUp({ tournament }: { tournament: LobbyTournament }) {
  const tournamentId = tournament.id;
  // A live room's race changes the recorded stacks; online the server races by itself, so the screen only shows the figures.
  const apply = tournament.kind === "live";
  const { t } = useTranslation();
  // The room's name for a table where it has one (the "Table" label stands before it).
  const namedTable = useNamedTable();
  const tableText = (n: number) => namedTable(n) ?? n;
  const fmt = useFormat();
  const { client } = useServices();
  const view = useQuery("tournament", undefined, { id: tournamentId }, tournamentId);
  const [remove, setRemove] = useState<number | null>(null);
  const [plan, setPlan] = useState<ColourUpPlan | null>(null);
  const [table, setTable] = useState(1);
  const [odd, setOdd] = useState<Record<string, number>>({});
  const [cardText, setCardText] = useState<Record<string, string>>({});
  const [mode, setMode] = useState<"draw" | "enter">("draw");
  const [result, setResult] = useState<ColourUpResult | null>(null);
  /** Tables whose race has been run and applied, for the chip being raced. */
  const [raced, setRaced] = useState<number[]>([]);
  const [error, setError] = useState<FeltError | null>(null);
  // The room's rule: a chip-up rounds the odd chips up, with no cards dealt (R-CHIP-2).
  const words = colourUpWords(view.data?.settings?.colourUp ?? "race");
  const chips = view.data?.chips ?? [];
  const chosen = remove ?? chips[0] ?? null;
  // A chip the first table raced off has left the view's chips; its plan stays on screen for the other tables.
  const options = [...new Set([...(plan && !chips.includes(plan.remove) ? [plan.remove] : []), ...chips.slice(0, -1)])];

  async function loadPlan() {
    if (chosen === null) return;
    const r = await client.call("colourUpPlan", { remove: chosen }, { id: tournamentId });
    setError(r.ok ? null : r.error);
    if (r.ok) {
      setPlan(r.value);
      setTable(r.value.tables[0]?.tableNumber ?? 1);
      setResult(null);
      setRaced([]);
      setOdd({});
      setCardText({});
    }
  }

  const order = plan?.tables.find((x) => x.tableNumber === table)?.order ?? [];

  // R-CHIP-3: one card per odd chip; what the floor typed, read card by card.
  const entered = order.map((p) => {
    const words = (cardText[p.entryId] ?? "").split(/[\s,]+/).filter(Boolean);
    const cards = words.map(parseCardText);
    const ok = cards.every((c) => c !== null) && cards.length === (odd[p.entryId] ?? 0);
    return { entryId: p.entryId, cards: cards.filter((c): c is number => c !== null), ok };
  });
  const ready = mode === "draw" || !words.cards || entered.every((e) => e.ok);

  /** The recorded stacks say how many of the chip each player holds beyond whole higher chips; the floor then corrects the counts to the table. */
  function countFromStacks() {
    if (!plan) return;
    setOdd({ ...odd, ...Object.fromEntries(order.map((p) => [p.entryId, Math.floor((p.stack % plan.into) / plan.remove)])) });
  }

  async function race() {
    if (!plan || !ready) return;
    const cards = mode === "draw" || !words.cards ? ("draw" as const) : entered.map(({ entryId, cards }) => ({ entryId, cards }));
    const r = await client.call(
      "colourUp",
      {
        commandId: newCommandId(),
        remove: plan.remove,
        tableNumber: table,
        oddChips: order.map((p) => ({ entryId: p.entryId, count: odd[p.entryId] ?? 0 })),
        cards,
        apply,
      },
      { id: tournamentId },
    );
    setError(r.ok ? null : r.error);
    if (!r.ok) return;
    setResult(r.value);
    if (!apply) return;
    // The stacks are changed on the server; on to the next table still to race.
    const done = [...raced, table];
    setRaced(done);
    const next = plan.tables.find((x) => !done.includes(x.tableNumber));
    if (next) setTable(next.tableNumber);
    view.reload();
  }

  return (
    <div className="panel colour-up">
      <h2>{t(words.title)}</h2>
      <div className="row">
        <label>
          {t("colourUp.remove")}
          <select value={plan && remove === null ? plan.remove : (chosen ?? "")} onChange={(e) => setRemove(Number(e.target.value))}>
            {options.map((c) => (
              <option key={c} value={c}>
                {fmt.chips(c)}
              </option>
            ))}
          </select>
        </label>
        <button onClick={() => void loadPlan()}>{t("colourUp.plan")}</button>
      </div>
      <ErrorText error={error} />
      {plan && (
        <>
          <p>{t("colourUp.summary", { remove: fmt.chips(plan.remove), into: fmt.chips(plan.into) })}</p>
          <p className="hint" data-testid="colour-up-rule">
            {t(words.rule, { remove: fmt.chips(plan.remove), into: fmt.chips(plan.into) })}
          </p>
          {!apply && <p className="hint">{t("colourUp.previewOnly")}</p>}
          <div className="row">
            <label>
              {t("seating.table")}
              <select value={table} onChange={(e) => setTable(Number(e.target.value))}>
                {plan.tables.map((x) => (
                  <option key={x.tableNumber} value={x.tableNumber}>
                    {raced.includes(x.tableNumber) ? t("colourUp.tableDone", { table: tableText(x.tableNumber) }) : tableText(x.tableNumber)}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" onClick={countFromStacks}>
              {t("colourUp.fromStacks")}
            </button>
            {words.cards && (
              <>
                <label>
                  <input type="radio" checked={mode === "draw"} onChange={() => setMode("draw")} /> {t("colourUp.draw")}
                </label>
                <label>
                  <input type="radio" checked={mode === "enter"} onChange={() => setMode("enter")} /> {t("colourUp.enter")}
                </label>
              </>
            )}
          </div>
          <table className="grid">
            <thead>
              <tr>
                <th>{t("colourUp.order")}</th>
                <th>{t("seating.seat")}</th>
                <th>{t("auth.name")}</th>
                <th>{t("colourUp.stack")}</th>
                <th>{t("colourUp.oddChips", { chip: fmt.chips(plan.remove) })}</th>
                {words.cards && mode === "enter" && <th>{t("colourUp.cards")}</th>}
              </tr>
            </thead>
            <tbody>
              {order.map((p, i) => (
                <tr key={p.entryId}>
                  <td>{i + 1}</td>
                  <td>{p.seat}</td>
                  <td>{p.name}</td>
                  <td className="num">{fmt.chips(p.stack)}</td>
                  <td>
                    <input type="number" min={0} value={odd[p.entryId] ?? 0} onChange={(e) => setOdd({ ...odd, [p.entryId]: Number(e.target.value) })} />
                  </td>
                  {words.cards && mode === "enter" && (
                    <td>
                      <input
                        placeholder="As Kd"
                        aria-label={t("colourUp.cardsFor", { name: p.name })}
                        className={entered[i]?.ok === false ? "invalid" : ""}
                        value={cardText[p.entryId] ?? ""}
                        onChange={(e) => setCardText({ ...cardText, [p.entryId]: e.target.value })}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          {!ready && <p className="hint">{t("colourUp.oneCardPerChip")}</p>}
          <button className="primary" disabled={!ready || raced.includes(table)} onClick={() => void race()}>
            {t(words.run)}
          </button>
          {plan.tables.length > 0 && plan.tables.every((x) => raced.includes(x.tableNumber)) && (
            <p className="ok" data-testid="colour-up-done">
              {t(words.allDone, { chip: fmt.chips(plan.remove) })}
            </p>
          )}
        </>
      )}
      {result && (
        <table className="grid result">
          <caption>{t("colourUp.resultAt", { table: tableText(raced.at(-1) ?? table) })}</caption>
          <thead>
            <tr>
              <th>{t("seating.seat")}</th>
              <th>{t("auth.name")}</th>
              {words.cards && <th>{t("colourUp.cards")}</th>}
              <th />
              <th className="num">{t("colourUp.stack")}</th>
            </tr>
          </thead>
          <tbody>
            {result.players.map((p) => (
              <tr key={p.entryId} className={p.wonChip ? "won" : ""}>
                <td>{p.seat}</td>
                <td>{p.name}</td>
                {words.cards && <td>{p.cards.length > 0 ? <Cards cards={p.cards} size="sm" /> : ""}</td>}
                <td>{p.fromBank ? t("colourUp.fromBank") : p.wonChip ? t("colourUp.won", { chip: fmt.chips(result.into) }) : ""}</td>
                <td className="num">
                  {fmt.chips(p.stackBefore)} → <b>{fmt.chips(p.stackAfter)}</b>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
