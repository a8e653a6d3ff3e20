import type { RetrievalResult } from '../../../src/contracts/retrievalResult';
export declare const FIXTURE_DIR: string;
// Fixtures are read as plain JSON: tests index into them freely.
export declare function loadFixture(name: 'gsd' | 'mor' | 'cypher' | 'xss'): any;
export declare function largeResult(nodes?: number, subgraphs?: number): RetrievalResult;
