/**
 * The KG Plan language server: a thin LSP layer over src/core. Every feature is one call into
 * src/core/language (or the DSL's formatter/checker) plus a conversion to LSP types; nothing here
 * knows the grammar. Runs in its own process (dist/server.js), started by src/extension/client.ts.
 */
import { dirname, isAbsolute, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CodeActionKind,
  DidChangeConfigurationNotification,
  DocumentHighlightKind,
  ErrorCodes,
  InlayHintKind,
  type InlayHint,
  MarkupKind,
  ProposedFeatures,
  ResponseError,
  TextDocumentSyncKind,
  TextDocuments,
  createConnection,
  type CodeAction,
  type InitializeParams,
  type InitializeResult,
  type TextEdit as LspTextEdit,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from '../core/diagnostics';
import type { Range } from '../core/text';
import { formatDocument } from '../core/dsl';
import {
  analyse,
  complete,
  completionSite,
  entityCompletionEntries,
  entityDiagnostics,
  entityHoverMarkdown,
  entityTexts,
  matchQueries,
  matchQuery,
  queryKey,
  relationDiagnostics,
  relationQuery,
  relationTexts,
  type EntityText,
  type RelationText,
  definition,
  fixAll,
  foldingRegions,
  hover,
  inlayHints,
  minimalEdit,
  occurrences,
  outline,
  quickFixes,
  renameTarget,
  renameVariable,
  schemaContext,
  schemaLinks,
  signatureHelp,
  type Analysis,
  type SchemaContext,
} from '../core/language';
import { checkFile } from '../core/check';
import { type GraphSchema, SchemaResolver, nodeSchemaFiles } from '../core/schema';
import { fewshotChecker, isFewShotFile } from './fewshot';
import { toCompletionItem, toDocumentSymbol, toFoldingRange, toLspDiagnostic } from './convert';
import { findSchemaFiles, relativeToDocument } from './files';
import { CONNECTED_GRAPH_NOTIFICATION, CONNECTED_SCHEMA_NOTIFICATION, DOCUMENT_PLANS_REQUEST, VALIDATE_FEWSHOT_REQUEST, readConnectedSchema, type DocumentPlansResult, type ValidateFewShotResult } from '../contracts/lsp';
import { documentPlans } from './documentPlans';
import { findFewShotFiles } from './fewshotFiles';
import { readFile } from 'node:fs/promises';
import { compilePlans } from '../core/dsl';
import { DEFAULT_SETTINGS, readSettings, type LanguageSettings } from './settings';
import { GraphEntities } from './graphEntities';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
const log = (m: string): void => connection.console.log(m);
const schemas = new SchemaResolver(nodeSchemaFiles, (f) =>
  log(`schema ${f.path}: ${f.schema ? `${f.schema.labels.length} labels, ${f.schema.relationshipTypes.length} relationship types` : 'unusable'}${f.problem ? ` (${f.problem})` : ''}`),
);
/** One SchemaContext (schema + index) per schema object, so an unchanged schema keeps its identity. */
const contexts = new WeakMap<GraphSchema, SchemaContext>();
function contextOf(schema: GraphSchema | undefined): SchemaContext | undefined {
  if (!schema) return undefined;
  let c = contexts.get(schema);
  if (!c) contexts.set(schema, (c = schemaContext(schema)!));
  return c;
}

let workspaceFolders: string[] = [];
let canPullConfiguration = false;
let canRegisterConfigurationChange = false;
let canRefreshInlayHints = false;

// ── per-document state ──────────────────────────────────────────────────────
interface DocState {
  version: number;
  analysis: Analysis;
  /** The last diagnostics published, with their fixes (quick fixes are answered from these). */
  diagnostics: Diagnostic[];
  schema?: SchemaContext;
  /** The published diagnostics include not-found warnings (KGP400, KGP401). */
  entityWarnings?: boolean;
  /** Relation phrases with a misspelt word, and the type each would be changed to (the `≈?` hint). */
  unread?: readonly { readonly range: Range; readonly nearest: string | undefined }[];
}
const states = new Map<string, DocState>();
const timers = new Map<string, NodeJS.Timeout>();
const settingsCache = new Map<string, Promise<LanguageSettings>>();
/** Named entities against the connected graph (kgrag/entityLookup, answered by the extension). */
const entities = new GraphEntities(connection, log);
/** The connected graph's schema, sent by the extension (kgrag/connectedSchema). */
let connected: { context: SchemaContext; source: string } | undefined;

function filePath(uri: string): string | undefined {
  try {
    return uri.startsWith('file:') ? fileURLToPath(uri) : undefined;
  } catch {
    return undefined;
  }
}

function folderOf(path: string | undefined): string | undefined {
  if (path === undefined) return workspaceFolders[0];
  const within = (f: string) => path === f || path.startsWith(f.endsWith(sep) ? f : f + sep);
  return workspaceFolders.filter(within).sort((a, b) => b.length - a.length)[0] ?? workspaceFolders[0];
}

function settingsFor(uri: string): Promise<LanguageSettings> {
  if (!canPullConfiguration) return Promise.resolve(DEFAULT_SETTINGS);
  let s = settingsCache.get(uri);
  if (!s) {
    s = connection.workspace.getConfiguration({ scopeUri: uri, section: 'kgrag' }).then(readSettings, () => DEFAULT_SETTINGS);
    settingsCache.set(uri, s);
  }
  return s;
}

/** The analysis of the document's current text (cached per version). */
function analysisOf(doc: TextDocument): Analysis {
  const st = states.get(doc.uri);
  if (st && st.version === doc.version) return st.analysis;
  const analysis = analyse(doc.getText());
  states.set(doc.uri, { version: doc.version, analysis, diagnostics: st?.diagnostics ?? [], ...(st?.schema ? { schema: st.schema } : {}), ...(st?.entityWarnings ? { entityWarnings: true } : {}) });
  return analysis;
}

/** `.kgp` documents get every feature; the others the client sends are few-shot files (diagnostics only). */
function isPlan(doc: TextDocument): boolean {
  return doc.languageId === 'kgplan' || doc.uri.endsWith('.kgp');
}

/** The document, when it is a plan (features that read the DSL answer nothing for few-shot files). */
function planDocument(uri: string): TextDocument | undefined {
  const doc = documents.get(uri);
  return doc && isPlan(doc) ? doc : undefined;
}

/** Few-shot files whose diagnostics are showing (so a settings change that drops one clears them). */
const fewshotShown = new Set<string>();
/** The source few-shot diagnostics carry (the Validate Few-Shot Files command uses the same). */
const FEWSHOT_SOURCE = 'kgrag few-shot';

async function validateFewShot(doc: TextDocument, settings: LanguageSettings): Promise<void> {
  const started = Date.now();
  const path = filePath(doc.uri);
  if (path === undefined || !isFewShotFile(path, workspaceFolders, settings.fewshotFiles)) {
    if (fewshotShown.delete(doc.uri)) await connection.sendDiagnostics({ uri: doc.uri, diagnostics: [] });
    return;
  }
  const diagnostics = await fewshotChecker().checkFewShotDocument({ path, text: doc.getText(), folder: folderOf(path), settings, resolver: schemas, connected: connected?.context.schema });
  if (documents.get(doc.uri)?.version !== doc.version) return; // a newer version is on its way
  fewshotShown.add(doc.uri);
  await connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics: diagnostics.map((d) => ({ ...toLspDiagnostic(d), source: FEWSHOT_SOURCE })) });
  log(`checked few-shot file ${path} v${doc.version}: ${diagnostics.length} diagnostic(s) in ${Date.now() - started} ms`);
}

async function validate(doc: TextDocument): Promise<void> {
  const started = Date.now();
  const settings = await settingsFor(doc.uri);
  if (!isPlan(doc)) return validateFewShot(doc, settings);
  const analysis = analysisOf(doc);
  const path = filePath(doc.uri);
  const checked = await checkFile('kgp', analysis.text, schemas, {
    ...(path !== undefined ? { path } : {}),
    parsed: analysis.parse,
    hopLimit: settings.hopLimit,
    schema: { setting: settings.schemaPath, workspaceFolder: folderOf(path), ...(connected ? { fallback: { schema: connected.context.schema, name: connected.source } } : {}) },
  });
  const diagnostics = checked.diagnostics;
  if (documents.get(doc.uri)?.version !== doc.version) return; // a newer version is on its way
  const st = states.get(doc.uri);
  if (!st) return; // closed meanwhile
  st.diagnostics = diagnostics;
  void checkEntities(doc, analysis, diagnostics).catch((e: unknown) => connection.console.error(`entity check failed: ${e instanceof Error ? e.message : String(e)}`));
  const context = contextOf(checked.schema.schema);
  const schemaChanged = st.schema !== context;
  if (context) st.schema = context;
  else delete st.schema;
  // Hints depend on the schema: ask the client to fetch them again when it changed.
  if (schemaChanged && canRefreshInlayHints) void connection.languages.inlayHint.refresh();
  await connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics: diagnostics.map(toLspDiagnostic) });
  log(`checked ${path ?? doc.uri} v${doc.version}: ${diagnostics.length} diagnostic(s) in ${Date.now() - started} ms`);
}

/**
 * Named-entity texts against the connected graph (KGP400): after the checks are published, the
 * texts are looked up (cached per graph; a newer check cancels this one) and the warnings added.
 * No graph connected: nothing is added.
 */
async function checkEntities(doc: TextDocument, analysis: Analysis, checks: readonly Diagnostic[]): Promise<void> {
  const texts = entityTexts(analysis);
  const phrases = relationTexts(analysis);
  const token = entities.begin(doc.uri);
  const queries = [...matchQueries(texts), ...phrases.map(relationQuery)];
  const found = await entities.lookup(queries, token);
  if (token.isCancellationRequested || documents.get(doc.uri)?.version !== doc.version) return;
  const st = states.get(doc.uri);
  if (!st || !found) return;
  const byKey = new Map(queries.map((q, i) => [queryKey(q), found.matches[i]!] as const));
  const phraseMatch = (t: RelationText) => byKey.get(queryKey(relationQuery(t)));
  const extra = [...entityDiagnostics(texts, (t) => byKey.get(queryKey(matchQuery(t))), found.graph), ...relationDiagnostics(phrases, phraseMatch, found.graph)];
  const unread = phrases.flatMap((t) => (phraseMatch(t)?.notFound ? [{ range: t.range, nearest: phraseMatch(t)!.candidates[0]?.name }] : []));
  const hintsChanged = (st.unread?.length ?? 0) > 0 || unread.length > 0;
  if (unread.length > 0) st.unread = unread;
  else delete st.unread;
  if (hintsChanged && canRefreshInlayHints) void connection.languages.inlayHint.refresh();
  if (extra.length === 0 && !st.entityWarnings) return;
  st.entityWarnings = extra.length > 0;
  st.diagnostics = [...checks, ...extra];
  await connection.sendDiagnostics({ uri: doc.uri, version: doc.version, diagnostics: st.diagnostics.map(toLspDiagnostic) });
}

/** The node text under the cursor, if any. */
function entityTextAt(analysis: Analysis, offset: number, positionAt: (o: number) => { line: number; character: number }): EntityText | undefined {
  const p = positionAt(offset);
  const before = (a: { line: number; character: number }, b: { line: number; character: number }) => a.line < b.line || (a.line === b.line && a.character <= b.character);
  return entityTexts(analysis).find((t) => before(t.range.start, p) && before(p, t.range.end));
}

function schedule(doc: TextDocument, immediately = false): void {
  clearTimeout(timers.get(doc.uri));
  void settingsFor(doc.uri).then((s) => {
    clearTimeout(timers.get(doc.uri));
    timers.set(
      doc.uri,
      setTimeout(() => {
        timers.delete(doc.uri);
        const current = documents.get(doc.uri);
        if (current) validate(current).catch((e: unknown) => connection.console.error(`check failed: ${e instanceof Error ? e.stack ?? e.message : String(e)}`));
      }, immediately ? 0 : s.delayMs),
    );
  });
}

function revalidateAll(): void {
  for (const d of documents.all()) schedule(d, true);
}

/** The schema for features that answer at once (completion, hover): the last one validation loaded. */
function schemaOf(uri: string): SchemaContext | undefined {
  return states.get(uri)?.schema;
}

// ── lifecycle ───────────────────────────────────────────────────────────────
connection.onInitialize((params: InitializeParams): InitializeResult => {
  workspaceFolders = (params.workspaceFolders ?? []).map((f) => filePath(f.uri)).filter((p): p is string => p !== undefined);
  canPullConfiguration = params.capabilities.workspace?.configuration === true;
  canRegisterConfigurationChange = params.capabilities.workspace?.didChangeConfiguration?.dynamicRegistration === true;
  canRefreshInlayHints = params.capabilities.workspace?.inlayHint?.refreshSupport === true;
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      completionProvider: { triggerCharacters: [':', '(', '[', '{', ',', ' '] },
      hoverProvider: true,
      documentSymbolProvider: { label: 'KG Plan' },
      foldingRangeProvider: true,
      documentFormattingProvider: true,
      definitionProvider: true,
      documentHighlightProvider: true,
      renameProvider: { prepareProvider: true },
      documentLinkProvider: { resolveProvider: false },
      inlayHintProvider: true,
      signatureHelpProvider: { triggerCharacters: ['(', ','], retriggerCharacters: [':'] },
      codeLensProvider: { resolveProvider: false },
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, `${CodeActionKind.SourceFixAll}.kgplan`] },
    },
    serverInfo: { name: 'kgplan-language-server', version: '0.1.0' },
  };
});

connection.onInitialized(() => {
  // Settings are pulled (workspace/configuration); this registration makes the client tell us when they change.
  if (canRegisterConfigurationChange) void connection.client.register(DidChangeConfigurationNotification.type, undefined);
  log(`KG Plan language server ready (workspace: ${workspaceFolders.join(', ') || 'none'})`);
});

connection.onDidChangeConfiguration(() => {
  settingsCache.clear();
  revalidateAll();
});

// Schema files changed on disk (the client watches *.json).
connection.onDidChangeWatchedFiles(() => {
  schemas.clear();
  revalidateAll();
});

connection.onNotification(CONNECTED_GRAPH_NOTIFICATION, (params: unknown) => {
  const g = params !== null && typeof params === 'object' ? (params as Record<string, unknown>)['graph'] : undefined;
  if (g !== null && typeof g !== 'string') {
    connection.console.warn(`ignored a malformed ${CONNECTED_GRAPH_NOTIFICATION} notification`);
    return;
  }
  entities.reset(g);
  log(g === null ? 'no graph connected: entity checks off' : `graph connected for entity checks: ${g.replace(/\u0000.*/, '')}`);
  revalidateAll();
});

connection.onNotification(CONNECTED_SCHEMA_NOTIFICATION, (params: unknown) => {
  const r = readConnectedSchema(params);
  if (!r) {
    connection.console.warn(`ignored a malformed ${CONNECTED_SCHEMA_NOTIFICATION} notification`);
    return;
  }
  connected = r.schema ? { context: schemaContext(r.schema)!, source: r.source } : undefined;
  log(r.schema ? `connected schema from ${r.source}: ${r.schema.labels.length} labels, ${r.schema.relationshipTypes.length} relationship types` : 'connected schema cleared');
  revalidateAll();
});

documents.onDidOpen((e) => schedule(e.document, true));
documents.onDidChangeContent((e) => schedule(e.document));
documents.onDidClose((e) => {
  entities.end(e.document.uri);
  clearTimeout(timers.get(e.document.uri));
  timers.delete(e.document.uri);
  states.delete(e.document.uri);
  fewshotShown.delete(e.document.uri);
  settingsCache.delete(e.document.uri);
  void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
});

// ── features ────────────────────────────────────────────────────────────────
/** Entity names offered while typing a node text, and nodes listed when hovering one. */
const ENTITY_COMPLETIONS = 20;
const ENTITY_HOVER = 5;

connection.onCompletion(async (p, token) => {
  const doc = planDocument(p.textDocument.uri);
  if (!doc) return [];
  const offset = doc.offsetAt(p.position);
  const at = completionSite(analysisOf(doc), offset);
  if (at.site.kind === 'entityText') {
    // Names from the connected graph, for what is typed so far; incomplete: the next keystroke asks again.
    const found = await entities.lookup([{ text: at.site.typed, mode: 'complete', ...(at.site.category !== undefined ? { category: at.site.category } : {}), limit: ENTITY_COMPLETIONS }], token);
    if (!found) return [];
    const range = { start: doc.positionAt(at.wordStart), end: doc.positionAt(at.wordEnd) };
    return { isIncomplete: true, items: entityCompletionEntries(found.matches[0]!, range).map(toCompletionItem) };
  }
  const path = filePath(doc.uri);
  const schemaFiles = (): readonly string[] => {
    const root = folderOf(path) ?? (path !== undefined ? dirname(path) : undefined);
    return root !== undefined && path !== undefined ? relativeToDocument(path, findSchemaFiles(root)) : [];
  };
  return complete(analysisOf(doc), doc.offsetAt(p.position), schemaOf(doc.uri), { schemaFiles }).map(toCompletionItem);
});

connection.onHover(async (p, token) => {
  const doc = planDocument(p.textDocument.uri);
  if (!doc) return null;
  const analysis = analysisOf(doc);
  const offset = doc.offsetAt(p.position);
  const h = hover(analysis, offset, schemaOf(doc.uri));
  if (!h) return null;
  // On a node text: which graph nodes it would match (when a graph is connected).
  const t = entityTextAt(analysis, offset, (o) => doc.positionAt(o));
  const found = t ? await entities.lookup([{ text: t.text, mode: 'match', ...(t.category !== undefined ? { category: t.category } : {}), limit: ENTITY_HOVER }], token) : undefined;
  const markdown = t && found ? `${h.markdown}\n\n---\n\n${entityHoverMarkdown(t, found.matches[0]!, found.graph)}` : h.markdown;
  return { contents: { kind: MarkupKind.Markdown, value: markdown }, range: h.range };
});

connection.onDocumentSymbol((p) => {
  const doc = planDocument(p.textDocument.uri);
  return doc ? outline(analysisOf(doc).parse.document).map(toDocumentSymbol) : [];
});

connection.onFoldingRanges((p) => {
  const doc = planDocument(p.textDocument.uri);
  if (!doc) return [];
  const a = analysisOf(doc);
  return foldingRegions(a.parse.document, a.text).map(toFoldingRange);
});

connection.onDocumentFormatting((p): LspTextEdit[] => {
  const doc = planDocument(p.textDocument.uri);
  if (!doc) return [];
  // A file with a syntax error is left as it is; say so and where, instead of doing nothing silently.
  const firstError = analysisOf(doc).parse.diagnostics.find((d) => d.severity === 'error');
  if (firstError) {
    const at = firstError.range.start;
    void connection.window.showWarningMessage(`KG Plan: not formatted — line ${at.line + 1}, column ${at.character + 1} has a syntax error: ${firstError.message}`);
    return [];
  }
  const text = doc.getText();
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  return minimalEdit(text, formatDocument(text, { eol }));
});

connection.onDefinition((p) => {
  const doc = planDocument(p.textDocument.uri);
  if (!doc) return null;
  const r = definition(analysisOf(doc), doc.offsetAt(p.position));
  return r ? { uri: doc.uri, range: r } : null;
});

connection.onDocumentHighlight((p) => {
  const doc = planDocument(p.textDocument.uri);
  if (!doc) return [];
  return occurrences(analysisOf(doc), doc.offsetAt(p.position)).map((o) => ({
    range: o.range,
    kind: o.definition ? DocumentHighlightKind.Write : DocumentHighlightKind.Read,
  }));
});

connection.onDocumentLinks((p) => {
  const doc = planDocument(p.textDocument.uri);
  const path = doc ? filePath(doc.uri) : undefined;
  if (!doc || path === undefined) return [];
  return schemaLinks(analysisOf(doc)).map((l) => ({
    range: l.range,
    target: pathToFileURL(isAbsolute(l.path) ? l.path : join(dirname(path), l.path)).href,
    tooltip: 'Open the schema file',
  }));
});

connection.languages.inlayHint.on((p): InlayHint[] => {
  const doc = planDocument(p.textDocument.uri);
  if (!doc) return [];
  // A misspelt phrase's type is a guess: its hint says so (≈?), from the graph's answer.
  const doubtful = (states.get(doc.uri)?.unread ?? []).map((u): InlayHint => ({
    position: u.range.end,
    label: u.nearest ? ` ≈? ${u.nearest}` : ' ≈?',
    kind: InlayHintKind.Type,
    tooltip: `a word of this phrase is not one the graph or WordNet knows: it is matched by spelling alone${u.nearest ? `; nearest type by spelling: ${u.nearest}` : ''}`,
    paddingLeft: false,
  }));
  return [
    ...inlayHints(analysisOf(doc), schemaOf(doc.uri), p.range).map((h): InlayHint => ({
      position: h.position,
      label: h.label,
      kind: h.kind === 'type' ? InlayHintKind.Type : InlayHintKind.Parameter,
      tooltip: h.tooltip,
      paddingLeft: false,
    })),
    ...doubtful,
  ];
});

connection.onSignatureHelp((p) => {
  const doc = planDocument(p.textDocument.uri);
  const s = doc ? signatureHelp(analysisOf(doc), doc.offsetAt(p.position)) : undefined;
  if (!s) return null;
  return {
    signatures: [{
      label: s.label,
      documentation: { kind: MarkupKind.Markdown, value: s.documentation },
      parameters: s.parameters.map((x) => ({ label: x.label, documentation: x.documentation })),
    }],
    activeSignature: 0,
    activeParameter: s.activeParameter,
  };
});

connection.onPrepareRename((p) => {
  const doc = planDocument(p.textDocument.uri);
  const t = doc ? renameTarget(analysisOf(doc), doc.offsetAt(p.position)) : undefined;
  return t ? { range: t.range, placeholder: t.name } : null;
});

connection.onRenameRequest((p) => {
  const doc = planDocument(p.textDocument.uri);
  if (!doc) return null;
  const r = renameVariable(analysisOf(doc), doc.offsetAt(p.position), p.newName);
  if (r.kind === 'error') return new ResponseError(ErrorCodes.InvalidRequest, r.message);
  return { changes: { [doc.uri]: [...r.edits] } };
});

connection.onCodeAction((p): CodeAction[] => {
  const st = states.get(p.textDocument.uri);
  if (!st) return [];
  const only = p.context.only;
  const wants = (kind: string) => !only || only.some((k) => kind === k || kind.startsWith(`${k}.`));
  const out: CodeAction[] = [];
  if (wants(CodeActionKind.QuickFix)) {
    for (const f of quickFixes(st.diagnostics, p.range)) {
      out.push({
        title: f.title,
        kind: CodeActionKind.QuickFix,
        isPreferred: f.preferred,
        diagnostics: [toLspDiagnostic(f.diagnostic)],
        edit: { changes: { [p.textDocument.uri]: [...f.edits] } },
      });
    }
  }
  const fixAllKind = `${CodeActionKind.SourceFixAll}.kgplan`;
  if (only && only.some((k) => fixAllKind === k || fixAllKind.startsWith(`${k}.`))) {
    const edits = fixAll(st.diagnostics);
    if (edits.length) out.push({ title: 'Fix all KG Plan problems with a preferred fix', kind: fixAllKind, edit: { changes: { [p.textDocument.uri]: edits } } });
  }
  return out;
});

// ── KG-RAG requests (src/contracts/lsp.ts) ──────────────────────────────────

/** The schema a plan document uses (the one resolver, with the connected graph as fallback). */
async function resolvedSchemaOf(uri: string, document: Analysis['parse']['document']) {
  const settings = await settingsFor(uri);
  const path = filePath(uri);
  const decl = document.schemas.find((s) => s.path !== undefined && s.path.value.trim() !== '');
  return schemas.resolve({
    ...(decl?.path ? { reference: decl.path } : {}),
    ...(path !== undefined ? { documentPath: path } : {}),
    setting: settings.schemaPath,
    workspaceFolder: folderOf(path),
    ...(connected ? { fallback: { schema: connected.context.schema, name: connected.source } } : {}),
  });
}

connection.onRequest(DOCUMENT_PLANS_REQUEST, async (params: unknown): Promise<DocumentPlansResult> => {
  const p = params !== null && typeof params === 'object' ? (params as Record<string, unknown>) : {};
  const uri = typeof p['uri'] === 'string' ? p['uri'] : undefined;
  if (uri === undefined || typeof p['text'] !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, `${DOCUMENT_PLANS_REQUEST} needs {uri, text}`);
  const open = documents.get(uri);
  // The open document's cached parse when the text is the same (it usually is).
  const parse = open && open.getText() === p['text'] ? analysisOf(open).parse : analyse(p['text']).parse;
  return documentPlans(parse, await resolvedSchemaOf(uri, parse.document));
});

connection.onRequest(VALIDATE_FEWSHOT_REQUEST, async (): Promise<ValidateFewShotResult> => {
  const started = Date.now();
  const settings = await settingsFor(workspaceFolders[0] !== undefined ? pathToFileURL(workspaceFolders[0]).href : '');
  const found = await findFewShotFiles(workspaceFolders, settings.fewshotFiles);
  const files: { uri: string; diagnostics: Diagnostic[] }[] = [];
  for (const path of found.files) {
    const uri = pathToFileURL(path).href;
    const open = documents.get(uri);
    let text: string;
    try {
      text = open ? open.getText() : await readFile(path, 'utf8');
    } catch (e) {
      files.push({ uri, diagnostics: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: 'error', code: 'KGP001', message: `cannot read the file: ${e instanceof Error ? e.message : String(e)}` }] });
      continue;
    }
    const fileSettings = await settingsFor(uri);
    const diagnostics = await fewshotChecker().checkFewShotDocument({ path, text, folder: folderOf(path), settings: fileSettings, resolver: schemas, connected: connected?.context.schema, editorLimits: false });
    files.push({ uri, diagnostics });
  }
  log(`validated ${files.length} few-shot file(s) in ${Date.now() - started} ms${found.truncated ? ' (stopped at the limit)' : ''}`);
  return { files, ...(found.truncated ? { truncated: true } : {}) };
});

const LENS_ACTIONS = [
  { command: 'kgrag.runPlan', title: '$(play) Run' },
  { command: 'kgrag.explainPlan', title: 'Explain' },
  { command: 'kgrag.profilePlan', title: 'Profile' },
  { command: 'kgrag.inspectPlan', title: 'Inspect' },
  { command: 'kgrag.openAsCypher', title: 'Open as Cypher' },
  // After the plan actions: every strategy the plan allows on its question, side by side.
  { command: 'kgrag.compareStrategies', title: '$(diff) Compare' },
] as const;

// Run / Explain / Profile / Inspect / Open as Cypher / Compare above each named plan; the commands are the extension's.
connection.onCodeLens((p) => {
  const doc = planDocument(p.textDocument.uri);
  if (!doc) return [];
  return compilePlans(analysisOf(doc).parse.document)
    .filter((c) => c.graph.name !== '')
    .flatMap((c) => {
      const at = (c.source.name ?? c.source.plan).start;
      return LENS_ACTIONS.map((l) => ({ range: { start: at, end: at }, command: { title: l.title, command: l.command, arguments: [doc.uri, c.graph.name] } }));
    });
});

documents.listen(connection);
connection.listen();
