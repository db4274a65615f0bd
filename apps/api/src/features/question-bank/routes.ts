import type { App } from '../../types.js';
import { categoryRoutes } from './category-routes.js';
import { questionRoutes } from './question-routes.js';
import { imageRoutes } from './image-routes.js';
import { transferRoutes } from './transfer-routes.js';
import { classCategoryRoutes } from './class-category-routes.js';

/** /api/teacher: the teacher's question bank (Bank Soal) — categories, questions, images, import and export, a class's category. */
export default async function questionBankRoutes(app: App): Promise<void> {
  const tags = ['teacher: question bank'];
  categoryRoutes(app, tags);
  questionRoutes(app, tags);
  imageRoutes(app, tags);
  transferRoutes(app, tags);
  classCategoryRoutes(app, tags);
}
