// "Why not X?": the public entry point (front doors import from here). The session's whyNot is the door.
export { analyzeWhyNot } from './whyNot';
export { applyFix } from './fixes';
export type { WhyNotContext, WhyNotOptions, WhyNotRunOptions } from './context';
