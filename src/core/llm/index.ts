/** Planners: question → proposed plan, checked by the same parser and checks as every .kgp file. */
export * from './chatModel';
export * from './planner';
export { HttpChatModel, type HttpChatModelOptions } from './httpChatModel';
export { buildPlannerPrompt } from './prompt';
export { readProposal, extractPlanText } from './readProposal';
export { ChatPlanner } from './chatPlanner';
export { NearestExamplePlanner, alignByTemplate, markedMentions } from './nearestExamplePlanner';
export { plannerExamplesFromFile } from './fewshotExamples';
