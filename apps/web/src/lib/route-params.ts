import type { Params } from 'react-router';

/** A route's id parameter as a number, or null when it is not a plausible id (the page shows Not Found). */
export const positiveId = (v: string | undefined) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/**
 * The class, content and item ids of a page under /online-class/:classId/contents/:lessonId
 * (the item's id in the parameter `idParam`), or null when one of them is not a plausible id.
 */
export function lessonItemRef(params: Readonly<Params>, idParam: string): { classId: number; lessonId: number; id: number } | null {
  const classId = positiveId(params.classId);
  const lessonId = positiveId(params.lessonId);
  const id = positiveId(params[idParam]);
  return classId === null || lessonId === null || id === null ? null : { classId, lessonId, id };
}
