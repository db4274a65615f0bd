import type { App } from '../../types.js';

/** Admin CRUD of motivational words: filled in by its issue. */
export async function adminRoutes(_app: App): Promise<void> {}

/** The student's random motivational word: filled in by its issue. */
export async function studentRoutes(_app: App): Promise<void> {}
