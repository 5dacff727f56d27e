// One line of a table's hand log in words (who posted, bet, showed, won), shared by the
// table's feed and the hand replayer.
import { useTranslation } from "react-i18next";
import type { TableEvent } from "../../../src/protocol/index.ts";
import { cardsText } from "../logic/cards.ts";
import { handName } from "../logic/hand-name.ts";
import { useFormat } from "./use-format.ts";

export function EventLine({ e, names }: { e: TableEvent; names: (seat: number) => string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  switch (e.kind) {
    case "hand-start":
      return <>{t("log.handStart", { number: e.handNumber })}</>;
    case "post":
      return <>{t(`log.post.${e.blind}`, { name: names(e.seat), amount: fmt.chips(e.amount) })}</>;
    case "action":
      // The clock acted (R-TRN-9): said so, not as if the player had chosen to check or fold.
      if (e.timeout && (e.action === "check" || e.action === "fold")) return <>{t(`log.timedOut.${e.action}`, { name: names(e.seat) })}</>;
      return <>{t(`log.${e.action}`, { name: names(e.seat), amount: fmt.chips(e.amount), to: fmt.chips(e.to) })}</>;
    case "return":
      return <>{t("log.returned", { name: names(e.seat), amount: fmt.chips(e.amount) })}</>;
    case "board":
      return <>{t("log.board", { street: t(`street.${e.street}`), cards: cardsText(e.cards) })}</>;
    case "win":
      return (
        <>
          {e.potIndex === 0
            ? t("log.winMain", { name: names(e.seat), amount: fmt.chips(e.amount) })
            : t("log.winSide", { name: names(e.seat), amount: fmt.chips(e.amount), n: e.potIndex })}
          {e.category ? ` (${t(`handName.${e.category}`)})` : ""}
        </>
      );
    case "show":
      return (
        <>
          {e.hand
            ? t("log.showHand", { name: names(e.seat), cards: cardsText(e.cards), hand: handName(t, e.hand.category, e.hand.cards) })
            : t("log.showCards", { name: names(e.seat), cards: cardsText(e.cards) })}
        </>
      );
    default:
      return null;
  }
}
