/** SPEC §5: 8–128 characters with at least 3 of the 4 character classes. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_RULES_TEXT =
  "Your password must be 8–128 characters long and contain at least 3 of the following: lower case letters (a-z), upper case letters (A-Z), numbers (0-9), special characters (e.g. !@#$%^&*)";

const CHARACTER_CLASSES = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}\s]/u];

/** Counts characters as people see them, so an emoji is one character, not two UTF-16 units. */
function characterCount(value: string): number {
  return [...value].length;
}

export function isValidPassword(password: string): boolean {
  const length = characterCount(password);
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return false;
  return CHARACTER_CLASSES.filter((pattern) => pattern.test(password)).length >= 3;
}
