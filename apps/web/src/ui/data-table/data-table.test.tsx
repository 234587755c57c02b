import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Column, DataTable } from "./DataTable";
import { LoadMore } from "./LoadMore";

interface Key {
  id: string;
  name: string;
  uses: number;
}
const keys: Key[] = [
  { id: "1", name: "CI", uses: 7 },
  { id: "2", name: "Backup", uses: 30 },
  { id: "3", name: "Dashboard", uses: 2 },
];
const columns: Column<Key>[] = [
  {
    key: "name",
    header: "Key",
    rowHeader: true,
    cell: (key) => key.name,
    compare: (a, b) => a.name.localeCompare(b.name),
  },
  { key: "uses", header: "Uses", cell: (key) => String(key.uses), compare: (a, b) => a.uses - b.uses },
];
const names = () => screen.getAllByRole("rowheader").map((cell) => cell.textContent);

describe("data table", () => {
  afterEach(() => vi.useRealTimers());

  it("sorts by a column header, ascending then descending, and says so", async () => {
    render(<DataTable columns={columns} rows={keys} rowKey={(key) => key.id} empty="No keys." />);
    expect(names()).toEqual(["CI", "Backup", "Dashboard"]);
    const uses = screen.getByRole("columnheader", { name: "Uses" });
    expect(uses).toHaveAttribute("aria-sort", "none");
    await userEvent.click(within(uses).getByRole("button", { name: "Uses" }));
    expect(names()).toEqual(["Dashboard", "CI", "Backup"]);
    expect(uses).toHaveAttribute("aria-sort", "ascending");
    await userEvent.click(within(uses).getByRole("button", { name: "Uses" }));
    expect(names()).toEqual(["Backup", "CI", "Dashboard"]);
    expect(uses).toHaveAttribute("aria-sort", "descending");
    // Keyboard: the header button is a button like any other.
    screen.getByRole("button", { name: "Key" }).focus();
    await userEvent.keyboard("{Enter}");
    expect(names()).toEqual(["Backup", "CI", "Dashboard"]);
    expect(screen.getByRole("columnheader", { name: "Key" })).toHaveAttribute("aria-sort", "ascending");
  });

  it("gives each row its actions under a hidden Actions header", async () => {
    const revoke = vi.fn();
    render(
      <DataTable
        columns={columns}
        rows={keys}
        rowKey={(key) => key.id}
        empty="No keys."
        rowActions={(key) => (
          <button type="button" onClick={() => revoke(key.id)}>
            Revoke {key.name}
          </button>
        )}
      />,
    );
    expect(screen.getByRole("columnheader", { name: "Actions" })).toBeInTheDocument();
    const row = screen.getByRole("row", { name: /Backup/ });
    await userEvent.click(within(row).getByRole("button", { name: "Revoke Backup" }));
    expect(revoke).toHaveBeenCalledWith("2");
  });

  it("shows the empty state instead of a table with no rows", () => {
    render(<DataTable columns={columns} rows={[]} rowKey={(key) => key.id} empty={<p>You have no API keys yet.</p>} />);
    expect(screen.getByText("You have no API keys yet.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("shows no table for a quick load, then placeholder rows after the loader's delay, announced", () => {
    vi.useFakeTimers();
    const { rerender } = render(
      <DataTable columns={columns} rows={undefined} rowKey={(key) => key.id} empty="" loadingLabel="Loading keys" />,
    );
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("table")).toHaveAttribute("aria-busy", "true");
    expect(screen.getByRole("status")).toHaveTextContent("Loading keys");
    // Placeholders are hidden from assistive technology: only the header row is a row.
    expect(screen.getAllByRole("row")).toHaveLength(1);
    rerender(<DataTable columns={columns} rows={keys} rowKey={(key) => key.id} empty="" loadingLabel="Loading keys" />);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.getByRole("table")).not.toHaveAttribute("aria-busy");
    expect(screen.getAllByRole("row")).toHaveLength(4);
  });
});

describe("load more", () => {
  it("asks for the next page while there is one, and is disabled while it loads", async () => {
    const fetchNextPage = vi.fn();
    const { rerender } = render(<LoadMore pages={{ hasNextPage: true, isFetchingNextPage: false, fetchNextPage }} />);
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(fetchNextPage).toHaveBeenCalledOnce();
    rerender(<LoadMore pages={{ hasNextPage: true, isFetchingNextPage: true, fetchNextPage }} />);
    expect(screen.getByRole("button", { name: "Loading…" })).toBeDisabled();
    rerender(<LoadMore pages={{ hasNextPage: false, isFetchingNextPage: false, fetchNextPage }} />);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});
