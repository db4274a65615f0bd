/** Issue 40: what a parent sees of a child, read only, and the izin request for the child (contract schemas/parents.ts). */
import type { App } from '../../types.js';

/** /api/parent: the children and each child's pages. */
export async function parentRoutes(_app: App): Promise<void> {}
