// A request no row serves: 405 with the methods its path does answer (the `Allow` header), or 404.
// Decided as the router routes: `:name` is one path segment, an empty one too (the row's schema
// judges it), so a path a row serves with another method is never answered 404.

import type { RouteDefinition } from '../core/kernel/routes.ts';

export type RouteMiss = { code: 'method-not-allowed'; allow: string } | { code: 'not-found' };

/** A row's path as the router matches it: `:name` is one segment, an empty one too (the row's schema judges it). */
function compilePattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_-]+/g, '[^/]*');
  return new RegExp(`^${escaped}$`);
}

/** What a path no row serves with its method is answered, for `rows` under `prefix` and the extra GET paths. */
export function routeMisses(rows: readonly Pick<RouteDefinition, 'path' | 'method'>[], prefix: string, extraGets: readonly string[]): (path: string) => RouteMiss {
  const patterns: { re: RegExp; method: string }[] = [
    ...rows.map((r) => ({ re: compilePattern(prefix + r.path), method: r.method })),
    ...extraGets.map((p) => ({ re: compilePattern(p), method: 'GET' })),
  ];
  return (path) => {
    const q = path.indexOf('?');
    const p = q < 0 ? path : path.slice(0, q);
    const methods = [...new Set(patterns.filter((x) => x.re.test(p)).map((x) => x.method))].sort();
    return methods.length > 0 ? { code: 'method-not-allowed', allow: methods.join(', ') } : { code: 'not-found' };
  };
}
