/** The Bank Soal pages. */
export const BANK_PATH = '/bank-soal';
export const categoryPath = (categoryId: number) => `${BANK_PATH}/${categoryId}`;
export const importPath = (categoryId: number) => `${categoryPath(categoryId)}/impor`;
