// The fences table on PostgreSQL (src/store/fence.ts says what a fence is). An append to a
// fenced stream reads its scope's fence row FOR SHARE inside its own transaction and writes
// only when its epoch is at least the fence; raising a fence updates that row, so a raise
// waits for appends in flight and every append committing after it saw the raised fence.
import type pg from "pg";
import { ok, type Result } from "../../lib/result.ts";
import { checkEpoch, fenced, type Fences } from "../fence.ts";

/** The row must exist to be locked: a first write to a scope creates it at fence 0. */
async function lockFence(c: pg.PoolClient, scope: string): Promise<number> {
  const select = "SELECT epoch FROM fences WHERE scope = $1 FOR SHARE";
  let r = await c.query<{ epoch: string }>(select, [scope]);
  if (r.rows[0] === undefined) {
    await c.query("INSERT INTO fences (scope, epoch) VALUES ($1, 0) ON CONFLICT (scope) DO NOTHING", [scope]);
    r = await c.query<{ epoch: string }>(select, [scope]);
  }
  return Number(r.rows[0]?.epoch ?? 0);
}

/**
 * Checks `epoch` against the scope's fence on `c` (inside the caller's transaction, which then
 * holds the fence row until it ends). `locked` remembers fences already locked by this
 * transaction: they cannot move before it commits, so a batch reads each scope once.
 */
export async function passFence(c: pg.PoolClient, scope: string, epoch: number, locked?: Map<string, number>): Promise<Result<true>> {
  let fence = locked?.get(scope);
  if (fence === undefined) {
    fence = await lockFence(c, scope);
    locked?.set(scope, fence);
  }
  return epoch < fence ? fenced(scope, epoch, fence) : ok(true);
}

export function pgFences(pool: pg.Pool): Fences {
  const fence = async (scope: string): Promise<number> => {
    const r = await pool.query<{ epoch: string }>("SELECT epoch FROM fences WHERE scope = $1", [scope]);
    return r.rows[0] === undefined ? 0 : Number(r.rows[0].epoch);
  };
  return {
    fence,
    async raiseFence(scope, epoch) {
      const checked = checkEpoch(scope, epoch);
      if (!checked.ok) return checked;
      const r = await pool.query<{ epoch: string }>(
        `INSERT INTO fences (scope, epoch) VALUES ($1, $2::bigint)
         ON CONFLICT (scope) DO UPDATE SET epoch = EXCLUDED.epoch WHERE fences.epoch <= EXCLUDED.epoch
         RETURNING epoch`,
        [scope, epoch],
      );
      if (r.rows[0] === undefined) return fenced(scope, epoch, await fence(scope));
      return ok({ scope, epoch });
    },
  };
}
