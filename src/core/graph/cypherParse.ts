/**
 * Neo4j's Cypher parser alone, without its semantic analysis: all the query door needs. Built as
 * its own bundle, dist/cypherParse.js (scripts/build.mjs), tree-shaken from the library's ES
 * modules: 2.8 MB and +64 MB RSS to load, against 20 MB and +289 MB for the whole front end
 * (measured in a bare Node process) — which a store-placed run otherwise loaded for its first
 * statement. From source (tests, tsx) this is the library as installed.
 */
export { getDebugTree } from '@neo4j-cypher/language-support';
