import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { followOffer, type Offer, type Where } from "../logic/seat-offer.ts";
import { PrintSheet, usePrintSheet } from "./print-sheet.tsx";
import { SeatCard } from "./seat-card.tsx";
import { useNamedTable } from "./use-room.ts";

/** Whose seat card, and where: a walk-in seated late, a re-entry, a player moved. */
export interface CardFor {
  readonly name: string;
  readonly number?: number | undefined;
  readonly tableNumber: number;
  readonly seat: number;
}

/**
 * The card on offer, following the floor's seating answer `seats` (undefined until one is in):
 * withdrawn once the player no longer sits where it says (logic/seat-offer.ts).
 */
export function useSeatOffer(seats: readonly Where[] | undefined): readonly [CardFor | null, (card: CardFor | null) => void] {
  const [offer, setOffer] = useState<Offer<CardFor> | null>(null);
  useEffect(() => setOffer((o) => followOffer(o, seats)), [seats]);
  return [offer?.card ?? null, (card) => setOffer(card === null ? null : followOffer({ card, seen: false }, seats))];
}

/**
 * A player's seat card offered the moment they have a new seat: shown, and printed alone
 * with one tap (one card on the slip, nothing else of the console).
 */
export function SeatCardOffer({ card, tournament, startsAt, onDone }: { card: CardFor; tournament: string; startsAt: number; onDone?: () => void }) {
  const { t } = useTranslation();
  const namedTable = useNamedTable();
  const { sheet, print } = usePrintSheet("card");
  const face = (
    <SeatCard
      name={card.name}
      number={card.number}
      tableNumber={card.tableNumber}
      tableName={namedTable(card.tableNumber)}
      seat={card.seat}
      tournament={tournament}
      startsAt={startsAt}
    />
  );
  return (
    <div className="seat-card-offer" data-testid="seat-card-offer" data-name={card.name}>
      <div className="seat-card-sheet single">{face}</div>
      <div className="row">
        <button type="button" className="primary" data-action="print-card" onClick={print}>
          {t("floor.printCard")}
        </button>
        {onDone && (
          <button type="button" onClick={onDone}>
            {t("floor.done")}
          </button>
        )}
      </div>
      <PrintSheet sheet={sheet} kind="card">
        <div className="seat-card-sheet single">{face}</div>
      </PrintSheet>
    </div>
  );
}
