// Cluster mode: partitions, leases, fences, the partition host and the Ownership seam.
export { everything, homeAt, tournamentKey, type Ownership } from "./ownership.ts";
export {
  connectNats,
  memberName,
  HOST_ERRORS,
  PartitionHost,
  scopeOfStream,
  TOURNAMENT_KEYS,
  type PartitionHostOptions,
  type PartitionServer,
} from "./host.ts";
export { LEASE_DEFAULTS, LeaseManager, type LeaseEvent } from "./leases.ts";
export type { TableLayout } from "./members.ts";
export { allPartitions, partitionKey, tablePartition, tournamentPartition, TABLE_PARTITIONS, TOURNAMENT_PARTITIONS } from "./partition.ts";
export { idToken, ResultsStream, RESULTS_DEFAULTS, type Consuming, type ResultHandler, type ResultMeta } from "./results.ts";
export { LobbyBoard, LOBBY_DEFAULTS, type BoardEntry } from "./lobby.ts";
