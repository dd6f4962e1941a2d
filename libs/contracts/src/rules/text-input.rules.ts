/**
 * What any text a client sends may hold (docs/security.md, "Input and logs"). PostgreSQL text cannot store NUL,
 * and no name, identifier or search needs a C0 control character; only free text written in a multi-line box
 * (a feedback message, a bio, a post) keeps its line breaks and tabs.
 */
export const TextInputRules = {
  /** Any C0 control character (U+0000–U+001F). */
  controlCharacter: /[\u0000-\u001f]/,
  /** A C0 control character other than tab, line feed and carriage return. */
  controlCharacterBesideLineBreaks: /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/,
  /**
   * Characters that change how text around them is shown without being seen: bidirectional embeddings, overrides
   * and isolates (U+202A–U+202E, U+2066–U+2069) and zero-width ones (U+200B–U+200D, U+2060, U+FEFF). A name holding
   * them can pass for another.
   */
  invisibleCharacter: /[\u200b-\u200d\u2060\ufeff\u202a-\u202e\u2066-\u2069]/,
} as const;

export const TextInputMessages = {
  controlCharacters: (field: string) => `${field} must not contain control characters`,
  invisibleCharacters: (field: string) => `${field} must not contain invisible or text-direction characters`,
} as const;
