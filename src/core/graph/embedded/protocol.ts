// The engine worker protocol moved to src/contracts/engineWorker.ts; re-exported so every existing import still works.
export * from '../../../contracts/engineWorker';
