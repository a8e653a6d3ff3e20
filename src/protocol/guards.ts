// Moved to src/contracts/inspector/guards.ts; re-exported so older imports still compile.
export * from '../contracts/inspector/guards';
