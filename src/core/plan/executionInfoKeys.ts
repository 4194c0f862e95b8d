// The keys of execution info, remembered from one operator to the next: every operator of a
// plan repeats the same few dozen keys (`time`, `loops`, `cop_task`, `num`, ...), so a key read
// before is neither sliced out of the text nor trimmed again, and the engine finds the property
// it names without hashing a fresh string.
import { engineCopy } from './sharedStrings';

/** Remembered keys by the hash of their text; a power of two. */
const SLOTS = 1024;

const rememberedKeys: string[] = new Array<string>(SLOTS).fill('');

/** Adds a character to the hash of a key's text, as keyAt expects it. */
export function addToKeyHash(hash: number, charCode: number): number {
  return (Math.imul(hash, 31) + charCode) | 0;
}

/** The key written between `start` and `end` of `text`, trimmed (`_` when blank). */
export function keyAt(text: string, start: number, end: number, hash: number): string {
  const slot = hash & (SLOTS - 1);
  const remembered = rememberedKeys[slot];
  if (end > start && remembered.length === end - start && text.startsWith(remembered, start)) return remembered;
  const raw = text.slice(start, end);
  const key = raw.trim() || '_';
  // Only keys written without spaces around them are remembered: the text then is the key.
  if (key.length !== raw.length) return key;
  rememberedKeys[slot] = engineCopy(key);
  return rememberedKeys[slot];
}
