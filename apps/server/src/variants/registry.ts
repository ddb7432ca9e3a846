import type { FastifyInstance } from 'fastify';
import { mainVariant } from './main.js';
import { easyVariant, publicVariant } from './public-easy.js';
import { restVariant } from './rest.js';
import { simpleRestVariant, simpleWsVariant } from './simple.js';
import type { BuildContext, Built, MountContext, VariantModule } from './variant.js';

/**
 * Every game variant the server runs, by name (docs/architecture.md "Adding a variant"): a new
 * variant is one module in this folder and one line here. The server builds them all, mounts them
 * in this order, re-arms and sweeps each, and maps each `kind` for the cluster's re-reads.
 */
export const VARIANTS = {
  rest: restVariant,
  main: mainVariant,
  simpleWs: simpleWsVariant,
  simpleRest: simpleRestVariant,
  public: publicVariant,
  easy: easyVariant,
} as const;

type Registry = typeof VARIANTS;

/** What each variant's `build` answered, by its registry name. */
export type BuiltVariants = { readonly [K in keyof Registry]: Registry[K] extends VariantModule<infer B> ? B : never };

/** Builds every variant's service. */
export function buildVariants(context: BuildContext): BuiltVariants {
  const built: Record<string, Built> = {};
  for (const [name, variant] of Object.entries(VARIANTS) as Array<[string, VariantModule<Built>]>) {
    built[name] = variant.build(context);
  }
  return built as unknown as BuiltVariants;
}

/** Mounts every variant's routes and sockets, in registry order. */
export async function mountVariants(app: FastifyInstance, built: BuiltVariants, context: MountContext): Promise<void> {
  for (const [name, variant] of Object.entries(VARIANTS) as Array<[keyof Registry, VariantModule<Built>]>) {
    await variant.mount(app, built[name], context);
  }
}

/** Every variant's lifecycle (rearm, sweep, cluster re-reads). */
export function lifecycles(built: BuiltVariants): ReadonlyArray<Built['lifecycle']> {
  return Object.values(built).map((b: Built) => b.lifecycle);
}
