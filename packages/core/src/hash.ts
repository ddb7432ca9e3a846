/**
 * A stable text form of plain JSON data: object keys sorted, no whitespace. Equal data gives equal
 * text on every platform, so it can be hashed or compared.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError('canonicalJson: not JSON data');
    return text;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((k) => record[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
}

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = 0xffffffffffffffffn;

/** FNV-1a, 64-bit, over the UTF-8 bytes of `text`; 16 lower-case hex digits. */
export function fnv1a64(text: string): string {
  let hash = FNV_OFFSET;
  const step = (byte: number): void => {
    hash = ((hash ^ BigInt(byte)) * FNV_PRIME) & MASK_64;
  };
  for (const char of text) {
    const cp = char.codePointAt(0) as number;
    if (cp < 0x80) step(cp);
    else if (cp < 0x800) {
      step(0xc0 | (cp >> 6));
      step(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      step(0xe0 | (cp >> 12));
      step(0x80 | ((cp >> 6) & 0x3f));
      step(0x80 | (cp & 0x3f));
    } else {
      step(0xf0 | (cp >> 18));
      step(0x80 | ((cp >> 12) & 0x3f));
      step(0x80 | ((cp >> 6) & 0x3f));
      step(0x80 | (cp & 0x3f));
    }
  }
  return hash.toString(16).padStart(16, '0');
}

/** A stable fingerprint of any JSON data (a game state, a view): FNV-1a 64 of its canonical JSON. */
export function stateHash(value: unknown): string {
  return fnv1a64(canonicalJson(value));
}
