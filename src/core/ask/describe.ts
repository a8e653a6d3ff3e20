import { relationText } from '../retrieve/snapshot/snapshot';
import type { CandidateShape, Step } from './enumerate';

/** A hop in words, read from the node before it: "-[directed_by]-> Person" / "<-[directed_by]- Movie". */
export function stepText(s: Step): string {
  return s.direction === 'out' ? `-[${s.relation}]-> (${s.label})` : `<-[${s.relation}]- (${s.label})`;
}

/** A candidate as a one-line pattern, e.g. `("Joel Zwick":Person) <-[directed_by]- (Movie) -[in_language]-> (Language)`. */
export function describeShape(shape: CandidateShape): string {
  switch (shape.kind) {
    case 'chain':
      return `(${JSON.stringify(shape.anchor.name)}:${shape.anchor.label}) ` + shape.steps.map(stepText).join(' ');
    case 'path':
    case 'conjunction': {
      const [a, b] = shape.anchors;
      const second = shape.second.direction === 'out' ? `-[${shape.second.relation}]->` : `<-[${shape.second.relation}]-`;
      const path = `(${JSON.stringify(a.name)}:${a.label}) ${stepText(shape.first)} ${second} (${JSON.stringify(b.name)}:${b.label})`;
      return shape.kind === 'path' ? path + `; answers: the ${shape.first.label} between` : path + `; then from the ${shape.first.label}: ${stepText(shape.then)}`;
    }
  }
}

/** The relation chain, e.g. "directed_by~ > in_language" (~: against the stored direction). */
export function chainKey(shape: CandidateShape): string {
  const t = (s: Step): string => s.relation + (s.direction === 'in' ? '~' : '');
  switch (shape.kind) {
    case 'chain':
      return shape.steps.map(t).join(' > ');
    case 'path':
      return `${t(shape.first)} > ${t(shape.second)} @2`;
    case 'conjunction':
      return `${t(shape.first)} > ${t(shape.second)} @2 + ${t(shape.then)}`;
  }
}

/** A short English gloss for a model prompt: "Language of Movie directed_by Joel Zwick". */
export function glossOf(shape: CandidateShape): string {
  const rel = (s: Step): string => relationText(s.relation);
  switch (shape.kind) {
    case 'chain':
      return `${shape.anchor.name} → ` + shape.steps.map((s) => `${s.direction === 'in' ? '(reverse) ' : ''}${rel(s)} → ${s.label}`).join(' → ');
    case 'path':
      return `${shape.first.label} linked to ${shape.anchors[0].name} by ${rel(shape.first)} and to ${shape.anchors[1].name} by ${rel(shape.second)}`;
    case 'conjunction':
      return `${shape.then.label} via ${rel(shape.then)} of the ${shape.first.label} linked to ${shape.anchors[0].name} by ${rel(shape.first)} and to ${shape.anchors[1].name} by ${rel(shape.second)}`;
  }
}
