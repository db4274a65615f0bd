import type { App } from '../../types.js';

/** /api/teacher: quick grading, "Kembalikan semua", the gradebook import (issue 39; contract schemas/quick-grading.ts). */
export default async function quickGradingRoutes(_app: App): Promise<void> {}
