/** The page shape of the original platform: zero-based `number`, `content`, totals. */
export interface Page<T> {
  content: T[];
  number: number;
  size: number;
  totalElements: number;
  totalPages: number;
  numberOfElements: number;
  /** Where the next page starts (keyset paging), when the sort allows it and this page was full. */
  nextCursor?: string;
  /** `totalElements` is the database's estimate (asked with `total=estimate`); `total=only` then counts. */
  totalEstimated?: boolean;
}

export function toPage<T>(content: T[], page: number, size: number, total: number): Page<T> {
  return { content, number: page, size, totalElements: total, totalPages: Math.ceil(total / size), numberOfElements: content.length };
}
