import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Structure, StructureLevel } from "../../../../src/protocol/index.ts";
import { useFormat } from "../../components/use-format.ts";
import { deleteItem, insertBreak, insertLevel, setChipUp } from "../../logic/create-settings.ts";

// The structure designer's parts (R-TRN-1): the chip set in play (R-CHIP-1) and the level
// table with, per level, the big-blind ante (R-BLIND-2) and fixed-limit (R-BET-9) flags.
// The server checks the whole structure again (structure/not-payable, structure/bad-chips).

/** "25, 100, 500" → [25, 100, 500]; null unless every part is a positive whole number. */
export function parseChips(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter((p) => p !== "");
  if (parts.length === 0 || parts.length > 20) return null;
  const chips = parts.map((p) => Number(p));
  return chips.every((c) => Number.isSafeInteger(c) && c > 0) ? chips : null;
}

/** R-CHIP-1: the chip set is ascending, each denomination a whole number of the one below. */
export function chipsInOrder(chips: readonly number[]): boolean {
  return chips.every((c, i) => i === 0 || (c > chips[i - 1]! && c % chips[i - 1]! === 0));
}

/** The first blind or ante the smallest chip cannot pay (the server refuses it: structure/not-payable). */
export function firstUnpayable(s: Structure): { level: number; amount: number; chip: number } | null {
  const chip = s.chips?.[0];
  if (chip === undefined) return null;
  let level = 0;
  for (const l of s.levels) {
    if (l.kind !== "level") continue;
    level += 1;
    const amounts = [l.sb, l.bb, l.ante, ...(l.limit ? [l.limit.sb, l.limit.bb, l.limit.ante] : [])];
    const amount = amounts.find((a) => a % chip !== 0);
    if (amount !== undefined) return { level, amount, chip };
  }
  return null;
}

/** Ticking a level's limit flag: it plays fixed limit with its limit blinds (doubled by default, R-BET-9). */
export function withLimit(l: StructureLevel, on: boolean): StructureLevel {
  if (!on) {
    const { game: _game, ...rest } = l;
    return rest;
  }
  return { ...l, game: "limit", limit: l.limit ?? { sb: l.sb * 2, bb: l.bb * 2, ante: 0 } };
}

/** Ticking a level's big-blind ante: the big blind pays one big blind for the table unless an ante is set. */
export function withBigBlindAnte(l: StructureLevel, on: boolean): StructureLevel {
  if (!on) {
    // Not "everyone antes a big blind": the ante goes with the flag; a room types its own.
    const { bigBlindAnte: _bba, ...rest } = l;
    return { ...rest, ante: 0 };
  }
  return { ...l, bigBlindAnte: true, ante: l.ante > 0 ? l.ante : l.bb };
}

/** The next level after the last one: blinds doubled, the last level's flags kept. */
export function nextLevel(s: Structure): StructureLevel {
  const last = s.levels.filter((l) => l.kind === "level").at(-1);
  if (!last) return { kind: "level", sb: 10, bb: 20, ante: 0, minutes: 20, colourUp: null };
  const limit = last.limit ? { limit: { sb: last.limit.sb * 2, bb: last.limit.bb * 2, ante: last.limit.ante * 2 } } : {};
  return { ...last, sb: last.sb * 2, bb: last.bb * 2, ante: last.ante * 2, ...limit };
}

/** The chip set in play at the start; the text is kept while it is being typed. */
export function ChipSetInput({ structure, onChange }: { structure: Structure; onChange: (s: Structure) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => (structure.chips ?? []).join(", "));
  const parsed = parseChips(text);
  // Another preset (or any change from outside) shows its chips; typing is left alone.
  useEffect(() => {
    const now = parseChips(text);
    const chips = structure.chips ?? [];
    if (now === null ? chips.length > 0 : now.join() !== chips.join()) setText(chips.join(", "));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [structure.chips]);
  const unpayable = firstUnpayable(structure);
  return (
    <div className="chip-set">
      <label>
        {t("create.chips")}
        <input
          value={text}
          inputMode="numeric"
          onChange={(e) => {
            setText(e.target.value);
            const chips = parseChips(e.target.value);
            if (chips) onChange({ ...structure, chips });
          }}
        />
      </label>
      <p className="hint">{t("create.chipsHint")}</p>
      {parsed === null ? (
        <p className="error">{t("create.chipsInvalid")}</p>
      ) : !chipsInOrder(parsed) ? (
        <p className="error">{t("create.chipsOrder")}</p>
      ) : (
        unpayable && <p className="error">{t("create.notPayable", { level: unpayable.level, amount: unpayable.amount, chip: unpayable.chip })}</p>
      )}
    </div>
  );
}

const num = (v: string) => Math.max(0, Math.floor(Number(v) || 0));
const check = { width: "auto" } as const;

/** The level table: blinds, ante, minutes, and per level the BB-ante and limit flags. */
export function StructureTable({ structure, onChange }: { structure: Structure; onChange: (s: Structure) => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const set = (i: number, l: StructureLevel) => onChange({ ...structure, levels: structure.levels.map((x, j) => (j === i ? l : x)) });
  const edit = (i: number, change: Partial<StructureLevel>) => set(i, { ...structure.levels[i]!, ...change });
  let levelNo = 0;
  return (
    <>
      {/* On a phone the levels scroll sideways in their own box, not the whole page. */}
      <div className="table-scroll">
        <table className="grid structure">
          <thead>
            <tr>
              <th>#</th>
              <th>{t("create.type")}</th>
              <th>{t("create.sb")}</th>
              <th>{t("create.bb")}</th>
              <th>{t("create.ante")}</th>
              <th title={t("create.bbAnteHint")}>{t("create.bbAnte")}</th>
              <th title={t("create.limitHint")}>{t("create.limit")}</th>
              <th>{t("create.limitBlinds")}</th>
              <th>{t("create.minutes")}</th>
              <th>{t("create.stackInBB")}</th>
              <th>{t("createForm.edit")}</th>
            </tr>
          </thead>
          <tbody>
            {structure.levels.map((l, i) => {
              if (l.kind === "level") levelNo += 1;
              const n = levelNo;
              return (
                <tr key={i} className={`${l.kind}${l.game === "limit" ? " limit" : ""}`}>
                  <td>{i + 1}</td>
                  <td>{l.kind === "break" ? t("create.break") : t("create.level")}</td>
                  {l.kind === "level" ? (
                    <>
                      <td>
                        <input type="number" min={0} value={l.sb} onChange={(e) => edit(i, { sb: num(e.target.value) })} />
                      </td>
                      <td>
                        <input type="number" min={1} value={l.bb} onChange={(e) => edit(i, { bb: num(e.target.value) })} />
                      </td>
                      <td>
                        <input type="number" min={0} value={l.ante} onChange={(e) => edit(i, { ante: num(e.target.value) })} />
                      </td>
                      <td>
                        <input
                          type="checkbox"
                          style={check}
                          className="bb-ante"
                          aria-label={t("create.bbAnteAt", { level: n })}
                          title={t("create.bbAnteHint")}
                          checked={l.bigBlindAnte === true}
                          onChange={(e) => set(i, withBigBlindAnte(l, e.target.checked))}
                        />
                      </td>
                      <td>
                        <input
                          type="checkbox"
                          style={check}
                          className="limit"
                          aria-label={t("create.limitAt", { level: n })}
                          title={t("create.limitHint")}
                          checked={l.game === "limit"}
                          onChange={(e) => set(i, withLimit(l, e.target.checked))}
                        />
                      </td>
                      <td>
                        {l.limit && (
                          <span className="limit-blinds" style={{ display: "inline-flex", gap: "0.25rem" }}>
                            <input
                              type="number"
                              min={0}
                              aria-label={t("create.limitSbAt", { level: n })}
                              style={{ width: "5rem" }}
                              value={l.limit.sb}
                              onChange={(e) => edit(i, { limit: { ...l.limit!, sb: num(e.target.value) } })}
                            />
                            <input
                              type="number"
                              min={1}
                              aria-label={t("create.limitBbAt", { level: n })}
                              style={{ width: "5rem" }}
                              value={l.limit.bb}
                              onChange={(e) => edit(i, { limit: { ...l.limit!, bb: num(e.target.value) } })}
                            />
                          </span>
                        )}
                      </td>
                    </>
                  ) : (
                    <td colSpan={6}>
                      {/* The break's chip-up point (R-CHIP-1): this chip colours up here. */}
                      <label className="chip-up" style={{ display: "inline-flex", gap: "0.25rem", alignItems: "center" }}>
                        {t("createForm.chipUp")}
                        <select
                          data-field={`chip-up-${i + 1}`}
                          value={l.colourUp ?? ""}
                          onChange={(e) => onChange(setChipUp(structure, i, e.target.value === "" ? null : Number(e.target.value)))}
                        >
                          <option value="">{t("createForm.chipUpAuto")}</option>
                          {(structure.chips ?? []).slice(0, -1).map((c) => (
                            <option key={c} value={c}>
                              {t("create.colourUpAtBreak", { chip: fmt.chips(c) })}
                            </option>
                          ))}
                        </select>
                      </label>
                      {l.note ? ` · ${l.note}` : ""}
                    </td>
                  )}
                  <td>
                    <input
                      type="number"
                      min={1}
                      value={l.minutes}
                      data-field={`minutes-${i + 1}`}
                      onChange={(e) => edit(i, { minutes: Math.min(240, Math.max(1, num(e.target.value))) })}
                    />
                  </td>
                  <td className="num">{l.kind === "level" && l.bb > 0 ? fmt.chips(structure.startingStack / l.bb) : ""}</td>
                  <td className="row-actions" style={{ whiteSpace: "nowrap" }}>
                    <button
                      type="button"
                      data-action="insert-level"
                      data-row={i + 1}
                      title={t("createForm.insertLevel")}
                      aria-label={t("createForm.insertLevelAfter", { row: i + 1 })}
                      onClick={() => onChange(insertLevel(structure, i))}
                    >
                      +L
                    </button>
                    <button
                      type="button"
                      data-action="insert-break"
                      data-row={i + 1}
                      title={t("createForm.insertBreak")}
                      aria-label={t("createForm.insertBreakAfter", { row: i + 1 })}
                      onClick={() => onChange(insertBreak(structure, i))}
                    >
                      +B
                    </button>
                    <button
                      type="button"
                      data-action="delete-row"
                      data-row={i + 1}
                      disabled={structure.levels.length <= 1}
                      title={t("createForm.deleteRow")}
                      aria-label={t("createForm.deleteRowAt", { row: i + 1 })}
                      onClick={() => onChange(deleteItem(structure, i))}
                    >
                      ×
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <button onClick={() => onChange({ ...structure, levels: [...structure.levels, nextLevel(structure)] })}>{t("create.addLevel")}</button>
    </>
  );
}
