/** The store's window (`offset`, `limit`) for a 1-based `page` of `limit` items. */
export function pageWindow({ page, limit }: { page: number; limit: number }) {
  return { offset: (page - 1) * limit, limit };
}
