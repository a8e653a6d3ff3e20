/**
 * THE commands table: every command the extension registers, with the concern that owns it. The
 * public ones are package.json's `contributes.commands` (test/unit/layers/commands.test.ts keeps
 * the two equal); `_`-commands are internal (tests and bug reports read state through them).
 * Pure data, so tests read it without VS Code; commands.ts registers against it.
 */
export const COMMANDS = {
  // language/
  'kgrag.restartLanguageServer': { owner: 'language', public: true },
  // inspector/
  'kgrag.inspector.open': { owner: 'inspector', public: true },
  'kgrag.inspector.openResultFile': { owner: 'inspector', public: true },
  'kgrag.inspector.exportJson': { owner: 'inspector', public: true },
  'kgrag.inspector.exportImage': { owner: 'inspector', public: true },
  'kgrag.inspector._state': { owner: 'inspector', public: false },
  'kgrag.inspector._receive': { owner: 'inspector', public: false },
  // graph/
  'kgrag.chooseGraph': { owner: 'graph', public: true },
  'kgrag.connect': { owner: 'graph', public: true },
  'kgrag.disconnect': { owner: 'graph', public: true },
  'kgrag.setNeo4jPassword': { owner: 'graph', public: true },
  'kgrag.setPlannerApiKey': { owner: 'graph', public: true },
  'kgrag.importGraphFile': { owner: 'graph', public: true },
  'kgrag.buildIndex': { owner: 'graph', public: true },
  'kgrag.createNeo4jNameIndex': { owner: 'graph', public: true },
  'kgrag.createNeo4jVectorIndex': { owner: 'graph', public: true },
  'kgrag.openSampleWorkspace': { owner: 'graph', public: true },
  'kgrag.showGraphInfo': { owner: 'graph', public: true },
  'kgrag.showSchema': { owner: 'graph', public: true },
  'kgrag.schema.refresh': { owner: 'graph', public: true },
  'kgrag.schema.insert': { owner: 'graph', public: true },
  'kgrag.schema._tree': { owner: 'graph', public: false },
  'kgrag._state': { owner: 'graph', public: false },
  // plans/
  'kgrag.runPlan': { owner: 'plans', public: true },
  'kgrag.explainPlan': { owner: 'plans', public: true },
  'kgrag.profilePlan': { owner: 'plans', public: true },
  'kgrag.inspectPlan': { owner: 'plans', public: true },
  'kgrag.openAsCypher': { owner: 'plans', public: true },
  'kgrag.runCypher': { owner: 'plans', public: true },
  'kgrag.compareStrategies': { owner: 'plans', public: true },
  'kgrag.inspectQuestion': { owner: 'plans', public: true },
  'kgrag.runAllPlanTests': { owner: 'plans', public: true },
  'kgrag.saveTestBaseline': { owner: 'plans', public: true },
  'kgrag.compareTestsWithBaseline': { owner: 'plans', public: true },
  'kgrag.tests._state': { owner: 'plans', public: false },
  'kgrag._lastResult': { owner: 'plans', public: false },
  'kgrag._lastToolRun': { owner: 'plans', public: false },
  // eval/
  'kgrag.evaluateSet': { owner: 'eval', public: true },
  'kgrag.eval._state': { owner: 'eval', public: false },
  'kgrag.eval._receive': { owner: 'eval', public: false },
  // fewshot/
  'kgrag.validateFewShotFiles': { owner: 'fewshot', public: true },
  // platform/
  'kgrag.cancelRunning': { owner: 'platform', public: true },
  'kgrag._walkthrough': { owner: 'platform', public: false },
} as const satisfies Record<string, { readonly owner: string; readonly public: boolean }>;

export type CommandId = keyof typeof COMMANDS;
