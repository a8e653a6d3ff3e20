/**
 * Loads Neo4j's Cypher front end (@neo4j-cypher/language-support) for the few-shot checker, in
 * production mode and with a seam for its semantic analysis (issue 29).
 *
 * Measured (`node --cpu-prof`, per-phase timers on text2cypher rows): ~90 % of `lintCypherQuery` is
 * Neo4j's semantic analysis, Neo4j's Java/Scala front end compiled to JavaScript (TeaVM). That build
 * runs with Java assertions on: after every one of its ~30 phases it re-checks the phase's
 * post-conditions (`checkOnlyWhenAssertionsAreEnabled` in Neo4j's `Transformer`), ~20 % of the
 * analysis. A Neo4j server runs without assertions, so we load the same code with them off. The
 * seam lets `cypherFastPath.ts` answer for statements it can prove clean (no semantic error or
 * notification); every other statement goes to Neo4j's analysis as before.
 *
 * Both are exact text edits of the installed bundle, found by the exact text they replace. If a
 * version changes that text the edit is not applied (`FrontEnd.patched` says which), and the front
 * end runs as shipped: slower, never different. The test `cypherFastPath.test.ts` fails then.
 * Run from source (tests, tsx) the installed library is edited as it is loaded; our bundles
 * (dist/, the packaged extension) require `dist/neo4jCypher.js`, which scripts/build.mjs built with
 * the same edits applied.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { compileFunction } from 'node:vm';

export type LanguageSupport = typeof import('@neo4j-cypher/language-support');

/** Neo4j's raw analysis of one statement (offsets relative to the statement), as the library reads it. */
export interface RawAnalysis {
  readonly errors: readonly RawElement[];
  readonly notifications: readonly RawElement[];
  readonly symbolTable: readonly RawSymbol[];
}
interface RawPosition {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}
export interface RawElement {
  readonly message: string;
  readonly startPosition: RawPosition;
  readonly endPosition: RawPosition;
}
export type RawLabels = { readonly value: string } | { readonly condition: 'and'; readonly children: readonly RawLabels[] };
export interface RawSymbol {
  readonly variable: string;
  readonly definitionPosition: number;
  readonly types: readonly string[];
  readonly references: readonly number[];
  readonly labels: RawLabels;
}
/** Given a statement, its Cypher version and Neo4j's own analysis, the analysis to use. */
export type Analyser = (statement: string, cypherVersion: string, neo4j: (statement: string, cypherVersion: string) => RawAnalysis) => RawAnalysis;

export interface FrontEnd {
  readonly ls: LanguageSupport;
  /** Which edits were applied to the installed library (none: the library as shipped). */
  readonly patched: { readonly assertionsOff: boolean; readonly analyserSeam: boolean };
  /** Routes every semantic analysis through `f` (undefined: Neo4j's own, always). */
  setAnalyser(f: Analyser | undefined): void;
}

const PACKAGE = '@neo4j-cypher/language-support';
// Java's `$assertionsDisabled` as TeaVM compiled it (2.0.0-next.38): the flag is set once at class init.
const ASSERTIONS = 'var Isc = () => {\n  EFo = 0;\n  Kt = Bwx();\n};';
const ASSERTIONS_OFF = 'var Isc = () => {\n  EFo = 1;\n  Kt = 0;\n};';
const ANALYSE = '    const semanticErrorsResult = D(query, cypherVersion);';
const ANALYSE_SEAM = '    const semanticErrorsResult = __kgragAnalyser === null ? D(query, cypherVersion) : __kgragAnalyser(query, cypherVersion, D);';

/** The two edits on the library's CommonJS bundle; each applies only where its text occurs exactly once. */
export function patchFrontEnd(source: string): { source: string; assertionsOff: boolean; analyserSeam: boolean } {
  const once = (s: string, part: string): boolean => {
    const i = s.indexOf(part);
    return i >= 0 && s.indexOf(part, i + 1) < 0;
  };
  const assertionsOff = once(source, ASSERTIONS);
  const analyserSeam = once(source, ANALYSE);
  let out = assertionsOff ? source.replace(ASSERTIONS, ASSERTIONS_OFF) : source;
  if (analyserSeam) {
    // Appended, not prepended: the bundle starts with "use strict", which must stay first; `var` is hoisted.
    out = out.replace(ANALYSE, ANALYSE_SEAM) + '\nvar __kgragAnalyser = null;\nmodule.exports.__kgragSetAnalyser = (f) => { __kgragAnalyser = f ?? null; };\n';
  }
  if (assertionsOff) out += '\nmodule.exports.__kgragAssertionsOff = true;\n';
  return { source: out, assertionsOff, analyserSeam };
}

let frontEnd: FrontEnd | undefined;

// Defined (true) by scripts/build.mjs in the bundles that require dist/neo4jCypher.js.
declare const KGRAG_PREBUILT_FRONT_END: boolean | undefined;

/** Loaded on first use: the package is large (seconds to load) and most few-shot files hold no Cypher. */
export function neo4jFrontEnd(): FrontEnd {
  frontEnd ??= (typeof KGRAG_PREBUILT_FRONT_END !== 'undefined' ? asShipped() : loadPatched()) ?? asShipped();
  return frontEnd;
}

/** The library as `require` finds it: in our bundles dist/neo4jCypher.js, edited at build time. */
function asShipped(): FrontEnd {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const exported = require('@neo4j-cypher/language-support') as LanguageSupport & PatchMarks;
  const set = exported.__kgragSetAnalyser;
  return {
    ls: exported,
    patched: { assertionsOff: exported.__kgragAssertionsOff === true, analyserSeam: typeof set === 'function' },
    setAnalyser: (f) => set?.(f),
  };
}

/** What the edits add to the library's exports (absent on the library as shipped). */
interface PatchMarks {
  readonly __kgragSetAnalyser?: (f: Analyser | undefined) => void;
  readonly __kgragAssertionsOff?: boolean;
}

function loadPatched(): FrontEnd | undefined {
  let file: string;
  let text: string;
  try {
    file = require.resolve(PACKAGE);
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined; // bundled without node_modules: use the bundled copy
  }
  const p = patchFrontEnd(text);
  if (!p.assertionsOff && !p.analyserSeam) return undefined;
  const mod = { exports: {} as Record<string, unknown> };
  const run = compileFunction(p.source, ['exports', 'require', 'module', '__filename', '__dirname'], { filename: file });
  run(mod.exports, createRequire(file), mod, file, dirname(file));
  const exported = mod.exports as unknown as LanguageSupport & PatchMarks;
  const set = exported.__kgragSetAnalyser;
  return {
    ls: exported,
    patched: { assertionsOff: p.assertionsOff, analyserSeam: p.analyserSeam && typeof set === 'function' },
    setAnalyser: (f) => set?.(f),
  };
}
