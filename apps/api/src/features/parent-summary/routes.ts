/** Issue 40: the parents' weekly summary (job and reads) and the parent's settings. */
import type { App } from '../../types.js';

/** /api/parent: the summaries and the settings. */
export async function parentRoutes(_app: App): Promise<void> {}
