// Types for the Cypher grammar generator, so TypeScript tests can import it.
export declare const grammar: Record<string, unknown>;
export declare function grammarJson(): string;
