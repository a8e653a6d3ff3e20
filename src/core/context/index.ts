/** A retrieval as context for a language model (the LM tool, the inspector's Context view, `kgrag run --context`). */
export { CONTEXT_FORMATS, CHARS_PER_TOKEN, ESTIMATE_METHOD, estimateTokens, evidenceGraphs, modelContext, plainTriples, simgragEvidence, type ContextFormat, type ContextOptions, type EvidenceGraph, type ModelContext, type TokenCount, type Triple } from './modelContext';
