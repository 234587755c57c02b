import { Button } from "../Button";
import { Toolbar } from "../Toolbar";

/** What LoadMore needs of an infinite query (TanStack's useInfiniteQuery result fits). */
interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** "Load more" under a paged table, while there is more; says it is loading while it is. */
export function LoadMore({ pages }: { pages: Pages }) {
  if (!pages.hasNextPage) return null;
  return (
    <Toolbar>
      <Button onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
        {pages.isFetchingNextPage ? "Loading…" : "Load more"}
      </Button>
    </Toolbar>
  );
}
