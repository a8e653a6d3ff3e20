// Types for the grammar generator, so TypeScript tests can import it.
export declare const KEYWORDS: readonly string[];
export declare const STRATEGIES: readonly string[];
export declare const grammar: Record<string, unknown>;
export declare function grammarJson(): string;
export declare const markdownInjection: Record<string, unknown>;
export declare function markdownInjectionJson(): string;
