/** Pagination rules of the admin tables (docs/product.md §A2, §A9), kept pure so they can be tested alone. */
export type PaginationModel = {
  visible: boolean;
  arrows: boolean;
  numbers: number[];
};

/** Shown only above one page; first/prev/next/last arrows from four pages; three numbers sliding around the current page. */
export function paginationModel(current: number, pageCount: number): PaginationModel {
  if (pageCount <= 1) return { visible: false, arrows: false, numbers: [] };
  const width = Math.min(3, pageCount);
  const page = Math.min(Math.max(current, 1), pageCount);
  const start = Math.min(Math.max(page - 1, 1), pageCount - width + 1);
  return {
    visible: true,
    arrows: pageCount >= 4,
    numbers: Array.from({ length: width }, (_, i) => start + i),
  };
}

/** A click on the current page or outside 1..pageCount is ignored: returns null then. */
export function pageTarget(target: number, current: number, pageCount: number): number | null {
  if (!Number.isInteger(target) || target < 1 || target > pageCount || target === current) return null;
  return target;
}
