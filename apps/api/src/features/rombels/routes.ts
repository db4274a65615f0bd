import type { App } from '../../types.js';

/** Admin CRUD of rombel classes: filled in by its issue. */
export async function adminRoutes(_app: App): Promise<void> {}

/** Rombel options for every form (any logged-in user): filled in by its issue. */
export async function optionRoutes(_app: App): Promise<void> {}
