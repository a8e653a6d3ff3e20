/**
 * Tiny structural checks for JSON that crossed a trust boundary (postMessage, a file, setState).
 * Hand-written because the webview's CSP forbids `unsafe-eval`, which ajv's compiled validators need.
 * Each check returns null when the value is fine, or a message naming the JSON path that is wrong.
 */

export type Problem = string | null;
export type Check = (value: unknown, path: string) => Problem;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const str: Check = (v, p) => (typeof v === 'string' ? null : `${p}: expected a string`);
export const num: Check = (v, p) =>
  typeof v === 'number' && !Number.isNaN(v) ? null : `${p}: expected a number`;
export const bool: Check = (v, p) => (typeof v === 'boolean' ? null : `${p}: expected a boolean`);

export function oneOf(values: readonly string[]): Check {
  return (v, p) => (typeof v === 'string' && values.includes(v) ? null : `${p}: expected one of ${values.join(', ')}`);
}

export function arrayOf(item: Check): Check {
  return (v, p) => {
    if (!Array.isArray(v)) return `${p}: expected an array`;
    for (let i = 0; i < v.length; i++) {
      const problem = item(v[i], `${p}[${i}]`);
      if (problem) return problem;
    }
    return null;
  };
}

export function recordOf(item: Check): Check {
  return (v, p) => {
    if (!isRecord(v)) return `${p}: expected an object`;
    for (const [k, x] of Object.entries(v)) {
      const problem = item(x, `${p}.${k}`);
      if (problem) return problem;
    }
    return null;
  };
}

export function nullable(check: Check): Check {
  return (v, p) => (v === null ? null : check(v, p));
}

export const any: Check = () => null;

/** Field name → check; a name ending in '?' is optional (absent or undefined). */
export function object(fields: Readonly<Record<string, Check>>): Check {
  return (v, p) => {
    if (!isRecord(v)) return `${p}: expected an object`;
    for (const [spec, check] of Object.entries(fields)) {
      const optional = spec.endsWith('?');
      const key = optional ? spec.slice(0, -1) : spec;
      const x = v[key];
      if (x === undefined) {
        if (optional) continue;
        return `${p}.${key}: missing`;
      }
      const problem = check(x, `${p}.${key}`);
      if (problem) return problem;
    }
    return null;
  };
}

/** Chooses the check by a discriminant field. */
export function union(tag: string, variants: Readonly<Record<string, Check>>): Check {
  return (v, p) => {
    if (!isRecord(v)) return `${p}: expected an object`;
    const t = v[tag];
    if (typeof t !== 'string' || !Object.prototype.hasOwnProperty.call(variants, t)) {
      return `${p}.${tag}: unknown ${tag} ${JSON.stringify(t)}`;
    }
    return variants[t]!(v, p);
  };
}

/** JSON-shaped values (CypherValue): no functions, no undefined, finite nesting. */
export const jsonValue: Check = (v, p) => {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return null;
  if (typeof v === 'number') return null;
  if (Array.isArray(v)) return arrayOf(jsonValue)(v, p);
  if (isRecord(v)) return recordOf(jsonValue)(v, p);
  return `${p}: expected a JSON value`;
};
