/** SPEC §2 "Character counter": "1 character left", "12 characters left". */
export function charactersLeftText(maxLength: number, text: string): string {
  const left = maxLength - text.length;
  return `${left} ${left === 1 ? "character" : "characters"} left`;
}
