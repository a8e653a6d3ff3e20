// Moved to src/contracts/inspector/messages.ts; re-exported so older imports still compile.
export * from '../contracts/inspector/messages';
