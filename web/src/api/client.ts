import { HttpErrorBody, ROUTES, parseWith, routePath, type RouteBody, type RouteName, type RouteResponse } from "../../../src/protocol/index.ts";
import { fail, type Result } from "../../../src/lib/result.ts";
import type { Transport } from "./transport.ts";

const TOKEN_KEY = "felt.token";

/** A fresh idempotency key for a command (the same key acts once on the server). */
export function newCommandId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `c${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** The only way the web app talks to the server over HTTP: typed, validated both ways. */
export class FeltClient {
  private tokenValue: string | null;
  private readonly committed = new Set<(name: RouteName) => void>();

  constructor(
    readonly transport: Transport,
    private readonly storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null = globalThis.localStorage ?? null,
  ) {
    this.tokenValue = storage?.getItem(TOKEN_KEY) ?? null;
  }

  get token(): string | null {
    return this.tokenValue;
  }

  setToken(token: string | null): void {
    this.tokenValue = token;
    if (token) this.storage?.setItem(TOKEN_KEY, token);
    else this.storage?.removeItem(TOKEN_KEY);
  }

  /**
   * Called after every command the server accepted (a registration on the lobby, a re-entry
   * on the tournament page): parts of the app that keep their own copy of the lobby (the
   * seat watch) look again. Returns the unsubscribe.
   */
  onCommand(listener: (name: RouteName) => void): () => void {
    this.committed.add(listener);
    return () => void this.committed.delete(listener);
  }

  async call<N extends RouteName>(
    name: N,
    body: RouteBody<N>,
    params: Readonly<Record<string, string>> = {},
    query: Readonly<Record<string, string>> = {},
  ): Promise<Result<RouteResponse<N>>> {
    const route = ROUTES[name];
    const search = new URLSearchParams(query).toString();
    if (route.body !== null) {
      const checked = parseWith(route.body, body);
      if (!checked.ok) return checked;
    }
    let answer;
    try {
      answer = await this.transport.request(
        route.method,
        routePath(route.path, params) + (search ? `?${search}` : ""),
        route.body ? body : undefined,
        this.tokenValue,
      );
    } catch (e) {
      return fail("client/network", e instanceof Error ? e.message : "network error");
    }
    if (answer.status >= 400) {
      const e = HttpErrorBody.safeParse(answer.body);
      if (e.success) {
        const { code, message, details, cause } = e.data.error;
        // The cause (e.g. structure/not-payable under director/invalid) lets a screen say which rule refused.
        return fail(code, message, { ...(details ?? {}), ...(cause !== undefined ? { cause } : {}) });
      }
      return fail("client/http", `HTTP ${answer.status}`);
    }
    const parsed = parseWith(route.response, answer.body) as Result<RouteResponse<N>>;
    if (parsed.ok && route.method !== "GET") for (const f of this.committed) f(name);
    return parsed;
  }
}
