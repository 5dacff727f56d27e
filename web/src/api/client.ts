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
  private offlineSinceValue: number | null = null;
  private readonly reachability = new Set<() => void>();
  /**
   * Commands whose answer was lost (the server may have acted on them), by what they ask:
   * sent again (the floor taps once more when the server is back) they keep their first
   * commandId, so the server acts on them once.
   */
  private readonly unanswered = new Map<string, string>();

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

  /** Since when no request has reached the server (null: the last one did). */
  get offlineSince(): number | null {
    return this.offlineSinceValue;
  }

  /** Called when the server stops or starts answering. Returns the unsubscribe. */
  onReachability(listener: () => void): () => void {
    this.reachability.add(listener);
    return () => void this.reachability.delete(listener);
  }

  private reached(yes: boolean): void {
    const next = yes ? null : (this.offlineSinceValue ?? Date.now());
    if (next === this.offlineSinceValue) return;
    this.offlineSinceValue = next;
    for (const f of this.reachability) f();
  }

  /** A command (a body with a commandId) as it goes out: with the id of the same command sent before and not answered. */
  private command(name: string, path: string, body: unknown): { key: string; commandId: string; body: unknown } | null {
    if (typeof body !== "object" || body === null || !("commandId" in body) || typeof body.commandId !== "string") return null;
    const { commandId, ...rest } = body as { commandId: string };
    const key = `${name} ${path} ${JSON.stringify(rest)}`;
    const first = this.unanswered.get(key);
    return first === undefined ? { key, commandId, body } : { key, commandId: first, body: { ...body, commandId: first } };
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
    const path = routePath(route.path, params) + (search ? `?${search}` : "");
    const sent = route.body && route.method !== "GET" ? this.command(name, path, body) : null;
    if (sent !== null) body = sent.body as RouteBody<N>;
    let answer;
    try {
      answer = await this.transport.request(route.method, path, route.body ? body : undefined, this.tokenValue);
    } catch (e) {
      if (sent !== null) this.unanswered.set(sent.key, sent.commandId);
      this.reached(false);
      return fail("client/network", e instanceof Error ? e.message : "network error");
    }
    if (sent !== null) this.unanswered.delete(sent.key);
    this.reached(true);
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
