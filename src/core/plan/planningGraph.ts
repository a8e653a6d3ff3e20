// The IR is a contract (src/contracts/plan.ts): the language server hands compiled plans to the extension.
export * from '../../contracts/plan';
