import type { Diagnostic } from '../contracts/text';
export type { Severity, TextEdit, Fix, Diagnostic } from '../contracts/text';

export function hasErrors(diags: readonly Diagnostic[]): boolean {
  return diags.some((d) => d.severity === 'error');
}
