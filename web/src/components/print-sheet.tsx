import { useId, type ReactNode } from "react";
import { createPortal } from "react-dom";

/** What a print button prints on its own: the results, or one player's seat card. */
export type PrintKind = "results" | "card";

/**
 * A sheet only the printer sees: kept beside the app (not inside the console's panels), so
 * when the page is printed for it, everything else is left off and nothing of the screen's
 * layout (columns, tabs) shapes the paper. Its print button calls `print` from
 * `usePrintSheet`, so of several sheets (a walk-in's card, a moved player's) only its own prints.
 */
export function PrintSheet({ sheet, kind, children }: { sheet: string; kind: PrintKind; children: ReactNode }) {
  return createPortal(
    <div className="print-sheet" data-print-sheet={kind} data-sheet={sheet}>
      {children}
    </div>,
    document.body,
  );
}

/** A sheet's id and the button's act: print that sheet alone (the page says so until the print dialog closes). */
export function usePrintSheet(kind: PrintKind): { sheet: string; print: () => void } {
  const sheet = useId();
  return {
    sheet,
    print: () => {
      const el = [...document.querySelectorAll<HTMLElement>(".print-sheet")].find((x) => x.dataset["sheet"] === sheet);
      document.body.dataset["print"] = kind;
      el?.setAttribute("data-printing", "");
      const done = () => {
        delete document.body.dataset["print"];
        el?.removeAttribute("data-printing");
        removeEventListener("afterprint", done);
      };
      addEventListener("afterprint", done);
      globalThis.print();
    },
  };
}
