import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ComponentProps, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SearchBar } from "./SearchBar";
import { SelectionList, type SelectionListProps } from "./SelectionList";

const labels = [
  { id: "bug", label: "bug" },
  { id: "docs", label: "Documentation" },
  { id: "feature", label: "feature" },
  { id: "wontfix", label: "wontfix", disabled: true },
];

function Labels(props: Partial<SelectionListProps>) {
  const [selected, setSelected] = useState<string[]>(["docs"]);
  return (
    <SelectionList
      label="Labels"
      selectionMode="multiple"
      options={labels}
      selectedIds={selected}
      onSelectionChange={setSelected}
      onClose={() => undefined}
      search={{ placeholder: "Filter labels", allowNegation: true }}
      {...props}
    />
  );
}

const optionNames = () => screen.getAllByRole("option").map((option) => option.textContent);

describe("selection list", () => {
  // Testing Library's async helpers wait on real timers, so the tests that need fake ones fire events directly.
  afterEach(() => vi.useRealTimers());
  const user = () => userEvent.setup();

  it("is 320px × 425px by default and says which options are selected", () => {
    render(<Labels />);
    const listbox = screen.getByRole("listbox", { name: "Labels" });
    expect(listbox).toHaveAttribute("aria-multiselectable", "true");
    expect(listbox.closest("[style]")).toHaveStyle({ width: "320px", height: "425px" });
    expect(screen.getByRole("option", { name: "Documentation" })).toHaveAttribute("aria-selected", "true");
  });

  it("filters 300 ms after typing stops, ignoring case, and excludes with not:", () => {
    vi.useFakeTimers();
    render(<Labels />);
    const search = screen.getByRole("combobox", { name: "Labels" });
    expect(search).toHaveAttribute("placeholder", "Filter labels or type not: for exclusions");
    fireEvent.change(search, { target: { value: "DO" } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(search, { target: { value: "DOC" } });
    act(() => vi.advanceTimersByTime(299));
    expect(optionNames()).toHaveLength(4);
    act(() => vi.advanceTimersByTime(1));
    expect(optionNames()).toEqual(["Documentation"]);
    fireEvent.change(search, { target: { value: "not:bug" } });
    act(() => vi.advanceTimersByTime(300));
    expect(optionNames()).toEqual(["Documentation", "feature", "wontfix"]);
  });

  it("hands the settled query to a server search instead of filtering here", () => {
    vi.useFakeTimers();
    const onQueryChange = vi.fn();
    render(<Labels search={{ placeholder: "Filter labels", allowNegation: true, onQueryChange }} />);
    fireEvent.change(screen.getByRole("combobox", { name: "Labels" }), { target: { value: "Not:Bug" } });
    act(() => vi.advanceTimersByTime(300));
    expect(onQueryChange).toHaveBeenLastCalledWith({ term: "bug", negated: true, caseSensitive: false });
    expect(optionNames()).toHaveLength(4);
  });

  it("completes n + Tab to not:", async () => {
    render(<Labels />);
    const search = screen.getByRole("combobox", { name: "Labels" });
    await user().type(search, "n{Tab}");
    expect(search).toHaveValue("not:");
    expect(search).toHaveFocus();
  });

  it("toggles options with the arrow keys and Enter, skipping disabled ones", async () => {
    render(<Labels />);
    const search = screen.getByRole("combobox", { name: "Labels" });
    await user().keyboard("{ArrowDown}");
    const bug = screen.getByRole("option", { name: "bug" });
    expect(search).toHaveAttribute("aria-activedescendant", bug.id);
    await user().keyboard("{Enter}");
    expect(bug).toHaveAttribute("aria-selected", "true");
    await user().keyboard("{ArrowDown}{ArrowDown}{ArrowDown}{Enter}");
    expect(screen.getByRole("option", { name: "feature" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("option", { name: "wontfix" })).toHaveAttribute("aria-selected", "false");
    await user().keyboard("{ArrowUp}{ArrowUp}{Enter}");
    expect(screen.getByRole("option", { name: "bug" })).toHaveAttribute("aria-selected", "false");
  });

  it("takes the keys on the list itself when it has no search bar", async () => {
    render(<Labels search={undefined} />);
    const listbox = screen.getByRole("listbox", { name: "Labels" });
    listbox.focus();
    await user().keyboard("{ArrowDown}{ArrowDown}");
    expect(listbox).toHaveAttribute("aria-activedescendant", screen.getByRole("option", { name: "Documentation" }).id);
    await user().keyboard("{Enter}");
    expect(screen.getByRole("option", { name: "Documentation" })).toHaveAttribute("aria-selected", "false");
  });

  it("picks one option in single-select mode and closes", async () => {
    const onSelectionChange = vi.fn();
    const onClose = vi.fn();
    render(<Labels selectionMode="single" onSelectionChange={onSelectionChange} onClose={onClose} />);
    expect(screen.getByRole("listbox")).toHaveAttribute("aria-multiselectable", "false");
    await user().click(screen.getByRole("option", { name: "feature" }));
    expect(onSelectionChange).toHaveBeenCalledWith(["feature"]);
    expect(onClose).toHaveBeenCalled();
  });

  it("submits the typed text on Enter when nothing is highlighted, and closes on Escape", async () => {
    const onSubmit = vi.fn();
    const onClose = vi.fn();
    render(<Labels onClose={onClose} search={{ placeholder: "Filter labels", onSubmit }} />);
    await user().type(screen.getByRole("combobox", { name: "Labels" }), "urgent{Enter}");
    expect(onSubmit).toHaveBeenCalledWith("urgent");
    await user().keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("switches tabs with the arrow keys", async () => {
    const onChange = vi.fn();
    const tabs = {
      items: [
        { id: "open", label: "Open" },
        { id: "closed", label: "Closed" },
      ],
      activeId: "open",
      onChange,
    };
    render(<Labels tabs={tabs} />);
    expect(screen.getByRole("tabpanel", { name: "Open" })).toContainElement(screen.getByRole("listbox"));
    screen.getByRole("tab", { name: "Open" }).focus();
    await user().keyboard("{ArrowRight}");
    expect(onChange).toHaveBeenCalledWith("closed");
  });

  it("asks for more once scrolling pauses within 200px of the end", () => {
    vi.useFakeTimers();
    const onLoadMore = vi.fn();
    render(<Labels onLoadMore={onLoadMore} />);
    const scroller = screen.getByRole("listbox").parentElement as HTMLElement;
    Object.defineProperties(scroller, {
      scrollHeight: { value: 2000 },
      clientHeight: { value: 425 },
      scrollTop: { value: 1000, writable: true },
    });
    fireEvent.scroll(scroller);
    act(() => vi.advanceTimersByTime(300));
    expect(onLoadMore).not.toHaveBeenCalled();
    scroller.scrollTop = 1375;
    fireEvent.scroll(scroller);
    act(() => vi.advanceTimersByTime(299));
    fireEvent.scroll(scroller);
    act(() => vi.advanceTimersByTime(299));
    expect(onLoadMore).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });
});

describe("selection-list search bar", () => {
  function Search(props: Partial<ComponentProps<typeof SearchBar>>) {
    const [value, setValue] = useState("");
    return <SearchBar aria-label="Search" value={value} onChange={setValue} placeholder="Search" {...props} />;
  }

  it("completes no, not and not: to not: on Tab, and lets other text Tab away", async () => {
    render(
      <>
        <Search allowNegation />
        <button type="button">Next</button>
      </>,
    );
    const search = screen.getByRole("textbox", { name: "Search" });
    for (const typed of ["no", "not", "not:"]) {
      await userEvent.clear(search);
      await userEvent.type(search, `${typed}{Tab}`);
      expect(search).toHaveValue("not:");
    }
    await userEvent.clear(search);
    await userEvent.type(search, "nob{Tab}");
    expect(search).toHaveValue("nob");
    expect(screen.getByRole("button", { name: "Next" })).toHaveFocus();
  });

  it("does not complete when negation is not allowed", async () => {
    render(<Search />);
    const search = screen.getByRole("textbox", { name: "Search" });
    expect(search).toHaveAttribute("placeholder", "Search");
    await userEvent.type(search, "n{Tab}");
    expect(search).toHaveValue("n");
  });
});
