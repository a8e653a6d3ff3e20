// Moved to src/contracts/inspector/validate.ts; re-exported so older imports still compile.
export * from '../contracts/inspector/validate';
