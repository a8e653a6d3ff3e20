import type { RetrievalResult } from '../../src/contracts/retrievalResult';
import type { WebviewToHostMessage } from '../../src/contracts/inspector/messages';

/** What every view gets: the result and the ways to talk back to the host. */
export interface ViewContext {
  readonly result: RetrievalResult;
  post(message: WebviewToHostMessage): void;
  reveal(target: { readonly variable: string } | { readonly edgeId: string }): void;
  log(level: 'info' | 'warn' | 'error', message: string): void;
}

/** A view the app can highlight a pattern variable in. */
export interface LinkedView {
  readonly element: HTMLElement;
  highlight(variable: string | null): void;
  /** Called when the view first becomes visible (things that need a sized container). */
  mount?(): void;
  dispose?(): void;
}

/** Marks every element carrying data-variable=variable (tables, chips) as highlighted. */
export function highlightByVariable(root: HTMLElement, variable: string | null): void {
  root.querySelectorAll<HTMLElement>('[data-variable]').forEach((el) => {
    el.classList.toggle('highlighted', variable !== null && el.dataset.variable === variable);
  });
}
