/** Which reader a file needs: by name first, then by content; `format` overrides both. */
import type { FewShotDocument, FewShotFormat } from './model';
import { FEWSHOT_CODES } from './codes';
import { readSimGragPrompt, looksLikeSimGragPrompt } from './readers/simgragPrompt';
import { readMorPrompt, looksLikeMorPrompt } from './readers/morPrompt';
import { forgetParsedJson, jsonSetKind, parseJsonText, readJsonLines, readJsonSet } from './readers/jsonSets';
import { looksLikeCypherCsv, readCypherCsv } from './readers/cypherCsv';
import { readOwnFormat } from './readers/ownFormat';
import { looksLikeSimGragAnswerPrompt, readSimGragAnswerJson, readSimGragAnswerPrompt } from './readers/simgragAnswer';
import { dictEntry } from './positions';

export function detectFormat(path: string, text: string): FewShotFormat | undefined {
  const name = path.toLowerCase();
  if (/\.fewshot\.(json|jsonl|ya?ml)$/.test(name)) return 'fewshot';
  if (name.endsWith('.csv')) return looksLikeCypherCsv(text) ? 'cypher-csv' : undefined;
  if (name.endsWith('.jsonl') || name.endsWith('.ndjson')) return 'cypher-jsonl';
  if (name.endsWith('.json')) {
    const { node } = parseJsonText(text);
    if (node?.kind === 'dict' && dictEntry(node, 'examples') && dictEntry(node, 'target')) return 'fewshot';
    if (node?.kind === 'list' && node.items.slice(0, 3).some((it) => dictEntry(it, 'evidences') !== undefined)) return 'simgrag-answer-json';
    return jsonSetKind(node);
  }
  if (/\.ya?ml$/.test(name)) return 'fewshot';
  if (looksLikeMorPrompt(text)) return 'mor-prompt';
  if (looksLikeSimGragAnswerPrompt(text)) return 'simgrag-answer';
  if (looksLikeSimGragPrompt(text)) return 'simgrag-prompt';
  return undefined;
}

export function readFewShot(path: string, text: string, format?: FewShotFormat): FewShotDocument | undefined {
  try {
    return read(path, text, format);
  } finally {
    // detectFormat and the reader shared one parse of the text; the server must not keep it alive.
    forgetParsedJson();
  }
}

function read(path: string, text: string, format?: FewShotFormat): FewShotDocument | undefined {
  const f = format ?? detectFormat(path, text);
  switch (f) {
    case 'fewshot':
      return readOwnFormat(text, /\.(jsonl|ya?ml)$/i.test(path) ? path : path.replace(/\.[^./]*$/, '') + '.json');
    case 'simgrag-prompt':
      return readSimGragPrompt(text);
    case 'mor-prompt':
      return readMorPrompt(text);
    case 'simgrag-answer':
      return readSimGragAnswerPrompt(text);
    case 'simgrag-answer-json':
      return readSimGragAnswerJson(text);
    case 'simgrag-json':
    case 'mor-json':
    case 'cypher-json':
    case 'stem-json':
      return readJsonSet(text, f);
    case 'cypher-jsonl':
      return readJsonLines(text);
    case 'cypher-csv':
      return readCypherCsv(text);
    default:
      return undefined;
  }
}

export const UNKNOWN_FORMAT_MESSAGE = `Not a recognised few-shot file. Known shapes: *.fewshot.json|jsonl|yaml, SimGRAG prompts ("1. query: …" + {"divided", "graph"}), MoR prompts (**Question n:** / **Answer n:**), JSON example sets (SimGRAG, MoR, STEM), question→Cypher CSV/JSON/JSONL. Choose one with kgrag check --fewshot-format <format>.`;
export { FEWSHOT_CODES };
