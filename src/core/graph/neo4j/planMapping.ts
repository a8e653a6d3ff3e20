// summary.plan / summary.profile → PlanTree. Neo4j names operators `NodeByLabelScan@neo4j`; the suffix
// is dropped. Arguments carry EstimatedRows and Details; a profile adds rows, dbHits, time and Memory.
import type { Plan, ProfiledPlan, ResultSummary } from 'neo4j-driver';
import type { PlanTree } from '../graphStore';
import { fromNeo4jValue } from './values';

function argNumber(args: Readonly<Record<string, unknown>>, key: string): number | undefined {
  const v = fromNeo4jValue(args[key]);
  return typeof v === 'number' ? v : undefined;
}

function argText(args: Readonly<Record<string, unknown>>, key: string): string | undefined {
  const v = args[key];
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

function operatorName(operatorType: string): string {
  return operatorType.replace(/@neo4j$/, '');
}

/** Neo4j reports an operator's time in nanoseconds. */
const NANOS_PER_MS = 1e6;

export function planToTree(plan: Plan): PlanTree {
  const args = plan.arguments as Readonly<Record<string, unknown>>;
  const node: { -readonly [K in keyof PlanTree]: PlanTree[K] } = { operator: operatorName(plan.operatorType), children: plan.children.map(planToTree) };
  const details = argText(args, 'Details');
  if (details !== undefined) node.details = details;
  if (plan.identifiers.length > 0) node.identifiers = [...plan.identifiers];
  const estimated = argNumber(args, 'EstimatedRows');
  if (estimated !== undefined) node.estimatedRows = estimated;
  return node;
}

export function profileToTree(profile: ProfiledPlan): PlanTree {
  const base = planToTree({ ...profile, children: [] } as unknown as Plan);
  const node: { -readonly [K in keyof PlanTree]: PlanTree[K] } = { ...base, children: profile.children.map(profileToTree) };
  const rows = fromNeo4jValue(profile.rows);
  const dbHits = fromNeo4jValue(profile.dbHits);
  const time = fromNeo4jValue(profile.time);
  if (typeof rows === 'number') node.rows = rows;
  if (typeof dbHits === 'number') node.dbHits = dbHits;
  if (typeof time === 'number' && time > 0) node.timeMs = time / NANOS_PER_MS;
  const memory = argNumber(profile.arguments as Readonly<Record<string, unknown>>, 'Memory');
  if (memory !== undefined) node.memoryBytes = memory;
  return node;
}

/** The profile when there is one (PROFILE), else the plan (EXPLAIN), else undefined. */
export function planFromSummary(summary: Pick<ResultSummary, 'plan' | 'profile'>): PlanTree | undefined {
  if (summary.profile) return profileToTree(summary.profile);
  if (summary.plan) return planToTree(summary.plan);
  return undefined;
}
