import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldForKey, SIDEBAR_FIELDS, shortcutText } from "./sidebar-fields";

const press = (
  key: string,
  modifiers: Partial<Record<"shiftKey" | "ctrlKey" | "metaKey" | "altKey", boolean>> = {},
) => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});

describe("sidebar field keys", () => {
  it("gives every field its own key, and each key opens its own field", () => {
    const texts = SIDEBAR_FIELDS.map((spec) => shortcutText(spec.shortcut));
    expect(new Set(texts).size).toBe(SIDEBAR_FIELDS.length);
    for (const spec of SIDEBAR_FIELDS) {
      const { key, shift } = spec.shortcut;
      expect(fieldForKey(press(shift ? key.toUpperCase() : key, { shiftKey: shift }))?.key).toBe(spec.key);
    }
  });

  it("leaves keys with Ctrl, Cmd or Alt to the browser and the shell, whatever the letter", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 1 }),
        fc.boolean(),
        fc.constantFrom("ctrlKey", "metaKey", "altKey"),
        (key, shiftKey, modifier) => fieldForKey(press(key, { shiftKey, [modifier]: true })) === undefined,
      ),
    );
  });

  it("opens a field only for its exact letter and Shift: another key, or the letter with Shift the other way, opens nothing else", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 3 }), fc.boolean(), (key, shiftKey) => {
        const spec = fieldForKey(press(key, { shiftKey }));
        if (!spec) return true;
        return spec.shortcut.shift === shiftKey && shortcutText(spec.shortcut).endsWith(key.toUpperCase());
      }),
    );
  });
});
