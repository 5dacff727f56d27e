import { useEffect, useState } from "react";

// Hash routes (#/lobby, #/table/ID, #/clock/ID, #/director/TAB/ID): the app is static
// files, so any server can serve it without rewrite rules.
export function useRoute(): string[] {
  const read = () => location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  const [parts, setParts] = useState(read);
  useEffect(() => {
    const on = () => setParts(read());
    addEventListener("hashchange", on);
    return () => removeEventListener("hashchange", on);
  }, []);
  return parts;
}

export const href = (...parts: string[]): string => `#/${parts.map(encodeURIComponent).join("/")}`;

export function go(...parts: string[]): void {
  location.hash = href(...parts);
}
