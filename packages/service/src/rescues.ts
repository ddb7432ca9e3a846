/**
 * The rescues of one node's game services: each service adds its own when built, and the server
 * runs them all every `JOB_RESCUE_MS` (the variants' classes need not pass anything through).
 */
export class Rescues {
  private readonly rescues: Array<() => Promise<number>> = [];

  add(rescue: () => Promise<number>): void {
    this.rescues.push(rescue);
  }

  /** Runs every rescue, one after another; answers how many jobs ran. Throws the first failure, after trying all. */
  async run(): Promise<number> {
    let ran = 0;
    let failure: { readonly error: unknown } | null = null;
    for (const rescue of this.rescues) {
      try {
        ran += await rescue();
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure !== null) throw failure.error;
    return ran;
  }
}
