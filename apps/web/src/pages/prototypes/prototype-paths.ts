/** The offline prototypes' routes (spec 02 §2): `/simplified` is the hot-seat table, `/poker` you against the AI. */
export const PROTOTYPE_PATHS: readonly string[] = ['/simplified', '/poker'];

/** Whether `pathname` is an offline prototype, which renders without waiting for the auth check. */
export function isPrototypePath(pathname: string): boolean {
  return PROTOTYPE_PATHS.includes(pathname.replace(/\/+$/, '') || '/');
}
