import type { ReactNode } from 'react';
import type { QuestionCategory } from '@kelasku/contract';
import { useParams } from 'react-router';
import { useQuestionCategories } from '../../api/question-bank';
import { LoadingDots } from '../../components/LoadingDots';
import { QueryState } from '../../components/QueryState';
import { positiveId } from '../../lib/route-params';
import { NotFoundPage } from '../../components/ErrorPages';

/**
 * The category a /bank-soal/:categoryId page is about, from the teacher's list of categories:
 * another teacher's category (or one deleted meanwhile) is not in it, and gets the not-found page.
 */
export function CategoryRoute({ children }: { children: (category: QuestionCategory) => ReactNode }) {
  const id = positiveId(useParams().categoryId);
  const categories = useQuestionCategories();
  if (id === null) return <NotFoundPage />;
  if (categories.isPending) return <LoadingDots />;
  const category = categories.data?.find((c) => c.id === id);
  if (categories.isSuccess && !category) return <NotFoundPage />;
  if (!category) return <QueryState query={categories}>{() => null}</QueryState>;
  return children(category);
}
