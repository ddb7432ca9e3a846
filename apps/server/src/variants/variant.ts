import type { Connections, GameBudget, RoomAnnouncement, SocketLimits } from '@palace/adapter-ws';
import type {
  AuthService,
  Clock,
  FriendsService,
  ServicePorts,
  TokensService,
  TokensStore,
  User,
  VariantLifecycle,
} from '@palace/service';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';

/**
 * One game variant as the server composes it (docs/architecture.md "Variants"): `build` makes its
 * service over the shared ports (before the HTTP server exists: the REST poll's fast path needs
 * it), `mount` puts its routes or socket on the server. What `build` answers is kept by name in
 * the registry (`VARIANTS`), and the server re-arms, sweeps and maps every `lifecycle` alike.
 */
export interface VariantModule<B extends Built> {
  build(context: BuildContext): B;
  mount(app: FastifyInstance, built: B, context: MountContext): Promise<void>;
}

/** What a variant's `build` answers: at least its lifecycle (rearm, sweep, cluster re-reads). */
export interface Built {
  readonly lifecycle: VariantLifecycle;
}

/** What every variant's service is built from. */
export interface BuildContext {
  readonly ports: ServicePorts;
  readonly config: ServerConfig;
  /** How long a human seat has for what is due, in ms. */
  readonly turnMs: number;
  /** The token ledger (entry fees and prizes of the main game). */
  readonly tokens: TokensStore;
  /** Bytes a socket may have queued before it is dropped as a slow consumer. */
  readonly socketBufferBytes: number;
  /** Tells the other nodes of a cluster about this node's simple rooms' seats. */
  readonly announceRoom: (message: RoomAnnouncement) => void;
  /** The clock simple rooms close by (a test injects one instead of waiting 30 minutes). */
  readonly roomClock: Clock;
}

/** What a variant's routes and sockets are mounted with. */
export interface MountContext {
  readonly auth: AuthService;
  readonly tokens: TokensService;
  readonly friends: FriendsService;
  readonly connections: Connections;
  readonly allowedOrigins: readonly string[];
  readonly socketLimits: SocketLimits;
  /** One game budget per client address for every door that opens a game or a room. */
  readonly gameBudget: GameBudget;
  /** The signed-in user behind a socket's upgrade request, or null. */
  readonly authenticate: (request: FastifyRequest) => Promise<User | null>;
}
