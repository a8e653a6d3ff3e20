// The query door's statement corpus, shared by its unit tests (queryDoor.test.ts: Neo4j's parse and the
// tokens) and the engine-side check's (planCheck.test.ts: the same hostile statements on the real engine).

/** Reads in both dialects (the Movie graph's names). */
export const READS: readonly string[] = [
  'RETURN 1 AS ok',
  "MATCH (m:Movie {name: $name})-[:directed_by]->(p) RETURN p.name AS name ORDER BY name SKIP 1 LIMIT 5",
  'MATCH (a)-[r* SHORTEST 1..3]-(b) RETURN a, label(r)',
  'MATCH (a:Movie) WHERE offset(id(a)) IN $offsets RETURN offset(id(a)) AS a, id(a) AS i',
  'OPTIONAL MATCH (n) WITH n UNWIND [1, 2] AS x RETURN x',
  'MATCH (n) WHERE EXISTS { MATCH (n)-->() } RETURN count(*) AS c',
  "CALL show_tables() RETURN id, name, type",
  "CALL table_info('it\\'s') RETURN name",
  'CALL db.schema.visualization() YIELD nodes RETURN nodes',
  // Words that name clauses elsewhere, here as property, map key, label, string, parameter and comment.
  "MATCH (n:`Set`) RETURN n.set AS s, {delete: 1} AS m, 'CHECKPOINT; COPY' AS t, $create AS c /* DROP TABLE x */",
  "MATCH (n {name: 'a'})-[:`it's`]->(m) RETURN m;",
];

/** File, attach and export statements: refused read-only, allowed with --write. */
export const FILES: readonly string[] = [
  "COPY (RETURN 'x' AS x) TO '/tmp/any.csv'",
  "EXPORT DATABASE '/tmp/dump'",
  "ATTACH '/tmp/other.lbug' AS other (dbtype lbug)",
  "LOAD FROM '/etc/passwd' (header=false) RETURN *",
  "LOAD CSV FROM 'file:///etc/passwd' AS l RETURN l",
  'IMPORT DATABASE \'/tmp/dump\'',
  "CALL read_csv('/etc/passwd') RETURN *",
  "COPY `Movie` FROM '/tmp/x.csv' (header=false)",
];
/** Writes: refused read-only, allowed with --write. */
export const WRITES: readonly string[] = ["CREATE (:Movie {name: 'x'})", 'MATCH (n) SET n.x = 1', 'match (n) detach delete n', 'MATCH (n) CALL { CREATE (x) } RETURN n', 'CREATE NODE TABLE X(name STRING, PRIMARY KEY(name))', 'ALTER TABLE X ADD y STRING', 'DROP TABLE X', "MERGE (n:Movie {name: 'y'})", 'MATCH (n) FOREACH (x IN [1] | SET n.a = x)'];

/** Administration and several statements: refused even with --write. */
export const ADMIN: readonly string[] = ['CHECKPOINT', 'checkpoint;', 'BEGIN TRANSACTION', 'COMMIT', 'INSTALL json', 'LOAD EXTENSION json', 'CALL threads=1', 'USE other MATCH (n) RETURN n', 'SHOW DATABASES', 'MATCH (n) RETURN n; CREATE (m)', 'EXPLAIN COPY (RETURN 1) TO \'/tmp/x\''];

/** Where the fuzz statements point: a secret file to read, files and folders that must not appear, the database folder. */
export interface FuzzFiles {
  readonly secret: string;
  readonly outFile: string;
  readonly dumpDir: string;
  readonly folder: string;
}

/** Forbidden clauses that can follow a `WITH n …` (n an Item node) and still be a statement the engine runs. */
function payloads({ secret, outFile, dumpDir, folder }: FuzzFiles): readonly { readonly kind: 'file' | 'write' | 'admin'; readonly text: string }[] {
  return [
    { kind: 'file', text: `LOAD FROM '${secret}' (header=false) RETURN *` },
    { kind: 'file', text: `LOAD WITH HEADERS (a STRING, b INT64) FROM '${secret}' (header=false) RETURN *` },
    { kind: 'write', text: `CREATE (:Item {name: 'pwned', v: 0})` },
    { kind: 'write', text: `MERGE (:Item {name: 'pwned2', v: 0})` },
    { kind: 'write', text: 'SET n.v = 99 RETURN n.v' },
    { kind: 'write', text: 'DELETE n' },
    { kind: 'write', text: 'DETACH DELETE n' },
    { kind: 'file', text: `COPY (MATCH (m:Item) RETURN m.name) TO '${outFile}'` },
    { kind: 'file', text: `COPY Item FROM '${secret}'` },
    { kind: 'file', text: `ATTACH '${folder}/graph.lbug' AS other (dbtype lbug)` },
    { kind: 'file', text: `EXPORT DATABASE '${dumpDir}'` },
    { kind: 'admin', text: 'CHECKPOINT' },
    { kind: 'admin', text: 'INSTALL json' },
    { kind: 'admin', text: 'CALL threads=1' },
    { kind: 'file', text: `CALL read_csv('${secret}') RETURN *` },
  ];
}

/** Allowed statements ending where a clause may follow, and how the payload is attached. */
const PREFIXES = ['MATCH (n:Item) WITH n LIMIT 1', 'MATCH (n:Item) WITH n SKIP 0', 'MATCH (n:Item) WITH n ORDER BY n.v LIMIT 2', 'MATCH (n:Item) WHERE n.v > 0 WITH n'];
/** Between prefix and payload: nothing (glued to the number or name), Unicode spaces, comments. */
const GLUES = ['', ' ', '\t', '\u00a0', '\u2003', '\u3000', '\u2028', '\r', '/**/', '/* x */', '//c\n', '//c\r', '\n'];

export type FuzzCase = { readonly statement: string; readonly expect: 'refused' | 'allowed' | 'either'; readonly form: string };

/** One seeded fuzz statement: a forbidden clause mixed into an allowed statement (or made inert). */
export function fuzzCase(rand: () => number, files: FuzzFiles): FuzzCase {
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const payload = pick(payloads(files)).text;
  const shout = rand() < 0.5 ? payload : payload.replace(/^[A-Z]+/, (w) => [...w].map((c) => (rand() < 0.5 ? c.toLowerCase() : c)).join(''));
  const form = Math.floor(rand() * 9);
  switch (form) {
    case 0:
    case 1: {
      const prefix = pick(PREFIXES);
      // A prefix ending in a name can only be glued through a separator (`nLOAD` is one identifier).
      const glue = /\d$/.test(prefix) ? pick(GLUES) : pick(GLUES.slice(1));
      return { statement: `${prefix}${glue}${shout}`, expect: 'refused', form: 'glued' };
    }
    case 2:
      return { statement: `MATCH (n:Item) RETURN n.name AS x UNION ALL${pick(GLUES.slice(1))}${shout}`, expect: 'refused', form: 'union' };
    case 3:
      return { statement: `MATCH (n:Item) WHERE EXISTS { MATCH (n)${pick(GLUES.slice(1))}${shout} } RETURN n.name`, expect: 'refused', form: 'subquery' };
    case 4:
      return { statement: `MATCH (n:Item) RETURN n.name AS x, "${shout}" AS s`, expect: 'allowed', form: 'string' };
    case 5:
      return { statement: `MATCH (n:Item) RETURN n.name AS x /* ${shout} */`, expect: 'allowed', form: 'block comment' };
    case 6:
      return { statement: `MATCH (n:Item) RETURN n.name AS \`${shout.replace(/`/g, '``')}\``, expect: 'allowed', form: 'quoted name' };
    case 7:
      return { statement: `MATCH (n:Item) RETURN n.name AS x // ${shout}`, expect: 'allowed', form: 'line comment' };
    default: {
      // Homoglyphs: Cyrillic О/Е/С in the clause word; the engine reads an identifier, never the clause.
      const homo = shout.replace(/^[A-Za-z]+/, (w) => w.replace(/O/g, '\u041e').replace(/E/g, '\u0415').replace(/C/g, '\u0421').replace(/o/g, '\u043e'));
      return { statement: `${pick(PREFIXES)} ${homo}`, expect: 'either', form: 'homoglyph' };
    }
  }
}

