import type { WhyNotCause, WhyNotFix } from '../../contracts/whyNot';

/**
 * One strategy analysis' answer for one target variable. `level` says how far the expected
 * answer got (0 unreachable … 3 ranked but cut, 4 returned): with several targets the furthest wins.
 */
export interface Finding {
  readonly variable?: string;
  readonly level: number;
  readonly cause: WhyNotCause;
  readonly fixes: readonly WhyNotFix[];
  readonly summary: string;
}
