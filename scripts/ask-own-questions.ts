// Writes data/questions/ask-own.jsonl: our own questions for the grounded planner, worded in ways
// MetaQA's templates never use (the phrasings below were written for this set), with entities
// drawn from MetaQA's kb.txt (CC BY 3.0, Zhang et al. 2018) by a seeded generator and gold
// answers computed from kb.txt by the relation chain each phrasing means. A third of the
// questions write the names in lower case (no capitals to lean on).
// Run: node --import tsx scripts/ask-own-questions.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HashingEmbedder } from '../src/core/embed/hashing';
import { GraphSnapshot } from '../src/core/retrieve/snapshot/snapshot';
import { mulberry32 } from '../test/support/prng';
import { metaqaLabel, readKb } from './bench/metaqa';

/** A hop: relation, and whether it is followed as stored (movie → tail) or against it. */
type Hop = readonly [relation: string, out: boolean];

interface Phrasing {
  readonly kind: string;
  /** The anchor's label, and the second anchor's for two-anchor questions. */
  readonly anchor: 'Movie' | 'Person';
  readonly chain: readonly Hop[];
  readonly texts: readonly string[];
  /** Two anchors: `{a}` and `{b}` joined through a middle node; the answers are the middles. */
  readonly second?: { readonly label: 'Person'; readonly hop: Hop };
}

const P: readonly Phrasing[] = [
  { kind: '1-hop', anchor: 'Movie', chain: [['directed_by', true]], texts: ['Who was behind the camera for {a}?', 'Tell me who directed {a}.', '{a}: who is its director?', 'I would like to know the filmmaker responsible for {a}'] },
  { kind: '1-hop', anchor: 'Movie', chain: [['written_by', true]], texts: ['Who penned the screenplay of {a}?', 'Name the screenwriter credited on {a}.', '{a} - who wrote it?'] },
  { kind: '1-hop', anchor: 'Movie', chain: [['starred_actors', true]], texts: ['Which actors appear in {a}?', 'List the cast of {a}.', 'Who plays in {a}?'] },
  { kind: '1-hop', anchor: 'Movie', chain: [['release_year', true]], texts: ['In what year did {a} come out?', 'When was {a} first released?', '{a} premiered in which year?'] },
  { kind: '1-hop', anchor: 'Movie', chain: [['in_language', true]], texts: ['What language is {a} in?', 'In which language was {a} made?'] },
  { kind: '1-hop', anchor: 'Movie', chain: [['has_genre', true]], texts: ['What kind of movie is {a}?', 'Which genre does {a} belong to?'] },
  { kind: '1-hop', anchor: 'Person', chain: [['directed_by', false]], texts: ['Name some films {a} directed.', 'What has {a} directed?', 'Films helmed by {a}?'] },
  { kind: '1-hop', anchor: 'Person', chain: [['written_by', false]], texts: ['Which scripts has {a} written?', 'What did {a} write?'] },
  { kind: '1-hop', anchor: 'Person', chain: [['starred_actors', false]], texts: ['In which films has {a} acted?', 'Show me movies featuring {a}.', '{a} has appeared in what pictures?'] },
  { kind: '2-hop', anchor: 'Person', chain: [['starred_actors', false], ['directed_by', true]], texts: ['Who directed the films {a} acted in?', 'Which directors has {a} worked for as an actor?'] },
  { kind: '2-hop', anchor: 'Person', chain: [['directed_by', false], ['starred_actors', true]], texts: ['Which actors have appeared in films directed by {a}?', 'Who acted under the direction of {a}?'] },
  { kind: '2-hop', anchor: 'Person', chain: [['directed_by', false], ['release_year', true]], texts: ['When did the films directed by {a} come out?', 'In which years were movies by director {a} released?'] },
  { kind: '2-hop', anchor: 'Person', chain: [['written_by', false], ['has_genre', true]], texts: ['What genres does {a} write in?', 'Which genres do the scripts of {a} fall into?'] },
  { kind: '2-hop', anchor: 'Person', chain: [['starred_actors', false], ['in_language', true]], texts: ['In which languages has {a} acted?', 'What languages are the films starring {a} in?'] },
  { kind: '2-hop', anchor: 'Movie', chain: [['directed_by', true], ['directed_by', false]], texts: ['Which other films come from the director of {a}?', 'What else has the director of {a} directed?'] },
  { kind: '2-hop', anchor: 'Movie', chain: [['starred_actors', true], ['starred_actors', false]], texts: ['Which films feature cast members of {a}?', 'Where else can I see the actors of {a}?'] },
  { kind: '2-hop', anchor: 'Person', chain: [['starred_actors', false], ['starred_actors', true]], texts: ['Which actors co-starred with {a}?', 'Who has acted alongside {a}?'] },
  { kind: '3-hop', anchor: 'Movie', chain: [['directed_by', true], ['directed_by', false], ['starred_actors', true]], texts: ['Which actors appear in the other films of the director of {a}?', 'Who starred in movies by the filmmaker of {a}?'] },
  { kind: '3-hop', anchor: 'Movie', chain: [['written_by', true], ['written_by', false], ['release_year', true]], texts: ['When were the other films by the writer of {a} released?', 'In what years did the scripts of the screenwriter of {a} reach the screen?'] },
  { kind: '3-hop', anchor: 'Movie', chain: [['starred_actors', true], ['starred_actors', false], ['has_genre', true]], texts: ['What genres are the films featuring the cast of {a}?', 'The actors of {a} also played in films of which genres?'] },
  { kind: '3-hop', anchor: 'Movie', chain: [['directed_by', true], ['directed_by', false], ['in_language', true]], texts: ['In which languages did the director of {a} make films?', 'What languages are the other movies by the director of {a} in?'] },
  { kind: 'two-anchor', anchor: 'Person', chain: [['directed_by', false]], second: { label: 'Person', hop: ['starred_actors', true] }, texts: ['Which film did {a} direct with {b} in the cast?', 'Name the movie {a} directed that stars {b}.'] },
  { kind: 'two-anchor', anchor: 'Person', chain: [['starred_actors', false]], second: { label: 'Person', hop: ['starred_actors', true] }, texts: ['In which film do {a} and {b} both appear?', 'Which movies feature both {a} and {b}?'] },
];

async function main(): Promise<void> {
  const snap = await GraphSnapshot.fromTriples(readKb(join(__dirname, '..', '..', 'shared', 'data', 'metaqa', 'kb.txt')), new HashingEmbedder({ dimension: 16 }), { labelOf: metaqaLabel });
  const d = snap.data;
  const r = mulberry32(20261123);
  const step = (from: Iterable<number>, [rel, out]: Hop, exclude: number): Set<number> => {
    const rid = snap.relationId(rel);
    const next = new Set<number>();
    for (const v of from) {
      if (out) for (let e = d.outOffsets[v]!; e < d.outOffsets[v + 1]!; e++) (d.outRels[e] === rid && d.outTargets[e] !== exclude) && next.add(d.outTargets[e]!);
      else for (let e = d.inOffsets[v]!; e < d.inOffsets[v + 1]!; e++) (d.inRels[e] === rid && d.inSources[e] !== exclude) && next.add(d.inSources[e]!);
    }
    return next;
  };
  const follow = (anchor: number, chain: readonly Hop[]): Set<number> => {
    let f = new Set([anchor]);
    for (const h of chain) f = step(f, h, anchor);
    return f;
  };
  const key = (chain: readonly Hop[]): string => chain.map(([rel, out]) => rel + (out ? '' : '~')).join(' > ');
  const lines: string[] = [];
  let n = 0;
  for (const p of P) {
    const members = snap.membersOf(snap.labelId(p.anchor));
    for (const text of p.texts) {
      for (let made = 0, tries = 0; made < 5 && tries < 500; tries++) {
        const a = members[Math.floor(r() * members.length)]!;
        const name = d.names.get(a);
        // Names that are also ordinary words or share a name with another node make a question about the name, not the chain.
        if (snap.nodesNamed(name).length > 1 || name.length < 4 || /[[\]"]/.test(name)) continue;
        let answers: Set<number>;
        let question = text.replace('{a}', name);
        let chain = key(p.chain);
        if (p.second) {
          const middles = [...follow(a, p.chain)];
          if (middles.length === 0) continue;
          const m = middles[Math.floor(r() * middles.length)]!;
          const bs = [...step([m], p.second.hop, a)].filter((b) => snap.nodesNamed(d.names.get(b)).length === 1);
          if (bs.length === 0) continue;
          const b = bs[Math.floor(r() * bs.length)]!;
          answers = new Set([...follow(a, p.chain)].filter((x) => step([x], p.second!.hop, -1).has(b)));
          question = question.replace('{b}', d.names.get(b));
          chain = `${key(p.chain)} > ${key([p.second.hop])} @2`;
        } else answers = follow(a, p.chain);
        if (answers.size === 0 || answers.size > 40) continue;
        made++;
        const lower = made % 3 === 0;
        lines.push(JSON.stringify({ id: `own-${++n}`, kind: lower ? `${p.kind} (lower case)` : p.kind, question: lower ? question.toLowerCase() : question, chain, answers: [...answers].map((x) => d.names.get(x)).sort() }));
      }
    }
  }
  const out = join(__dirname, '..', 'data', 'questions', 'ask-own.jsonl');
  writeFileSync(out, lines.join('\n') + '\n');
  console.log(`${lines.length} questions → ${out}`);
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
