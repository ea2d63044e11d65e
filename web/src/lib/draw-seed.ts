/**
 * A seed for a bracket draw, made once on this device: the mutation carries it, so the server
 * draws the same seeds (shared mutators use no Math.random; decision 021).
 */
export function newDrawSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! % 2 ** 31;
}
