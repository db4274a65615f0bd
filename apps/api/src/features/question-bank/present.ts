import type { Question, QuestionKey } from '@kelasku/contract';
import type { FileLinks } from '../../files/service.js';
import type { QuestionRow, QuestionWithUse } from './queries.js';

/** A stored row's type and key, as the contract types them (the row was checked when saved). */
export const keyOfRow = (row: Pick<QuestionRow, 'type' | 'data'>) => ({ type: row.type, data: row.data }) as QuestionKey;

/** A question of the bank as the teacher gets it: with its key and a signed link to its image. */
export function toQuestion(row: QuestionWithUse, files: FileLinks): Question {
  return {
    id: row.id,
    category_id: row.categoryId,
    title: row.title,
    general_feedback: row.generalFeedback,
    ...keyOfRow(row),
    text: row.text,
    points: row.points,
    image: files.url(row.imageFileId),
    used_in_quizzes: row.usedInQuizzes,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  } as Question;
}
