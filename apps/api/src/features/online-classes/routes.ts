import type { App } from '../../types.js';

/** Routes of this feature: filled in by its issue. */
export default async function routes(_app: App): Promise<void> {}
