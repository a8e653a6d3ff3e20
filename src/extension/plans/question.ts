/** Finding the question in selected text or on a line — pure, unit-tested. */

/** A `question "…"` (kgplan) or `"question": "…"` / `"query": "…"` (JSON) on a line. */
export function questionOnLine(line: string): string | undefined {
  const m = /\bquestion\s+"((?:[^"\\]|\\.)*)"/.exec(line) ?? /"(?:question|query)"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(line);
  return m ? cleanQuestion(`"${m[1]!}"`) : undefined;
}

/** Strips what surrounds a question when selected from code: `question`, quotes, JSON escapes. */
export function cleanQuestion(text: string): string {
  let t = text.trim().replace(/^question\s+/, '').replace(/^"?(?:question|query)"?\s*:\s*/, '').replace(/,$/, '');
  if (/^".*"$/s.test(t)) {
    try {
      t = JSON.parse(t) as string;
    } catch {
      t = t.slice(1, -1);
    }
  }
  return t.replace(/\s+/g, ' ').trim();
}

