import type { Position, Range } from '../contracts/text';
export type { Position, Range } from '../contracts/text';

export function range(startLine: number, startChar: number, endLine: number, endChar: number): Range {
  return { start: { line: startLine, character: startChar }, end: { line: endLine, character: endChar } };
}

/** Maps offsets in a text to positions; built once per document, O(log n) per lookup. */
export class LineIndex {
  private readonly starts: number[];
  constructor(readonly text: string) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) === 10) starts.push(i + 1);
    }
    this.starts = starts;
  }
  positionAt(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: o - this.starts[lo]! };
  }
  offsetAt(p: Position): number {
    if (p.line >= this.starts.length) return this.text.length;
    return Math.min(this.starts[Math.max(0, p.line)]! + p.character, this.text.length);
  }
  rangeOf(startOffset: number, endOffset: number): Range {
    return { start: this.positionAt(startOffset), end: this.positionAt(endOffset) };
  }
  get lineCount(): number {
    return this.starts.length;
  }
}
