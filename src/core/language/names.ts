/** How names and phrases are written back into `.kgp` text. */
import { KEYWORDS, isBareIdentifier } from '../dsl';

const RESERVED: ReadonlySet<string> = new Set(KEYWORDS);

/** `Movie` stays bare; `Field-of-Study` or a keyword gets backticks. */
export function writeName(name: string): string {
  return isBareIdentifier(name) && !RESERVED.has(name) ? name : '`' + name.replace(/`/g, '') + '`';
}

/** A relationship type read as words: `starred_actors` → "starred actors". */
export function humanise(typeName: string): string {
  return typeName.replace(/[_\-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim().toLowerCase();
}

/** A relation phrase as it goes between `-[` and `]-`: bare words when it can, a string otherwise. */
export function writePhrase(phrase: string): string {
  const words = phrase.split(/\s+/).filter((w) => w.length > 0);
  if (words.length > 0 && words.every((w) => isBareIdentifier(w) && !RESERVED.has(w))) return words.join(' ');
  return JSON.stringify(phrase);
}
