import type { RouteObject } from 'react-router';

/**
 * The fixed paths a route table serves under `base`: index routes at their parent's path, and
 * leaf routes at their own; a route with children serves only what its children serve. Paths
 * with parameters or a splat are left out, since a menu cannot link to them.
 */
export function routedPaths(base: string, routes: readonly RouteObject[]): Set<string> {
  const found = new Set<string>();
  const trimmedBase = base.replace(/\/+$/, '');
  for (const route of routes) {
    if (route.path?.includes(':') || route.path?.includes('*')) continue;
    const here = route.path ? `${trimmedBase}/${route.path.replace(/^\/+|\/+$/g, '')}` : trimmedBase;
    if (route.children) {
      for (const path of routedPaths(here, route.children)) found.add(path);
    } else if (route.index || route.path) {
      found.add(here || '/');
    }
  }
  return found;
}
